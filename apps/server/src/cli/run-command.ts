import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs a command's main when its file is the one node was started with (not when a test imports it): the
 * arguments after the file, and on failure the error's message and exit code 1.
 */
export function runAsCommand(moduleUrl: string, main: (argv: string[]) => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
