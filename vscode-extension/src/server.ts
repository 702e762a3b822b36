// Where the language server jar is and how to start it. Free of the vscode API for testing.
import * as fs from 'fs';
import * as path from 'path';

/** The jar the extension bundles, in its server/ folder. */
export function bundledJar(extensionRoot: string): string {
  return path.join(extensionRoot, 'server', 'flow-language-server.jar');
}

/** The jar to run: the flow.server.jar setting when it is set, else the bundled one. */
export function serverJar(extensionRoot: string, setting: string | undefined): string {
  const jar = setting && setting.trim() !== '' ? setting.trim() : bundledJar(extensionRoot);
  if (!fs.existsSync(jar)) {
    throw new Error(`The Flow language server jar ${jar} is missing. Reinstall the extension, or correct "flow.server.jar".`);
  }
  return jar;
}

/** The command line that starts the server over stdio. */
export function serverCommand(java: string, jar: string): { command: string; args: string[] } {
  // A larger stack: deep expressions recurse in the parser (as the flow launcher does).
  return { command: java, args: ['-Xss8m', '-jar', jar] };
}

/** The terminal command line that runs a workflow file with the flow command. */
export function runCommandLine(flowCommand: string, file: string): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return `${quote(flowCommand)} run ${quote(file)}`;
}
