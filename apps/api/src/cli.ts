import { runCli } from './cli/run-cli';

/** The operator command line: `npm run shop -- <command> [options]` (cli/run-cli.ts). */
process.exitCode = await runCli(process.argv.slice(2));
