/** Types of start-flags.js (plain JavaScript, so old Node versions can parse the bin). */
export declare const LONG_RUNNING: ReadonlySet<string>;
export declare function memoryMiB(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): number | undefined;
export declare function semiSpaceMiB(
  command: string | undefined,
  argv: readonly string[],
  env: Record<string, string | undefined>,
): number;
export declare function missingStartFlags(
  args: readonly string[],
  givenFlags: string,
  env: Record<string, string | undefined>,
): string[];
