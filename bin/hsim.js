#!/usr/bin/env node
// The hsim executable: registers the TypeScript loader, then runs the CLI (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
