/** The table of subcommands. Each module exports a function that adds its command to the program. */
import type { Command } from 'commander';
import { registerCheck } from './check.js';
import { registerDev } from './dev.js';
import { registerDiff } from './diff.js';
import { registerImport } from './import.js';
import { registerInit } from './init.js';
import { registerPublish } from './publish.js';
import { registerServe } from './serve.js';
import { registerSnippet } from './snippet.js';

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [
  registerCheck,
  registerDev,
  registerDiff,
  registerImport,
  registerInit,
  registerPublish,
  registerServe,
  registerSnippet,
];
