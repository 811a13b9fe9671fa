// The table of input formats of `hsim convert`: adding a converter is one module in formats/ and one line here.
import type { ConverterFormat } from './converter-format.ts';
import { azure2021 } from './formats/azure2021.ts';
import { csv } from './formats/csv.ts';
import { huawei2025 } from './formats/huawei2025.ts';
import { swf } from './formats/swf.ts';

/** Every format, in the order `hsim convert --help` lists them. */
export const CONVERTER_FORMATS: readonly ConverterFormat[] = [azure2021, huawei2025, swf, csv];
