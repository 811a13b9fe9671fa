// The list of hsim commands: each module registers one command (its heavy code loads only when it runs).
import type { Command } from 'commander';

/** Adds every command to the program. One line per command module. */
export function registerCommands(program: Command): void {
  void program;
}
