// Where Flow's jar is, how to start the language server from it, and how "Run workflow" calls
// flow. Free of the vscode API for testing.
import * as fs from 'fs';
import * as path from 'path';

/** The jar the extension bundles, in its server/ folder: Flow's command line, whose `lsp` verb is the server. */
export function bundledJar(extensionRoot: string): string {
  return path.join(extensionRoot, 'server', 'flow.jar');
}

/** The jar to run: the flow.server.jar setting when it is set, else the bundled one. */
export function serverJar(extensionRoot: string, setting: string | undefined): string {
  const jar = setting && setting.trim() !== '' ? setting.trim() : bundledJar(extensionRoot);
  if (!fs.existsSync(jar)) {
    throw new Error(`The Flow jar ${jar} is missing. Reinstall the extension, or correct "flow.server.jar".`);
  }
  return jar;
}

/** The JVM's options for Flow: a larger stack, as deep expressions recurse in the parser (as the flow launcher does). */
function javaOptions(jar: string): string[] {
  return ['-Xss8m', '-jar', jar];
}

/**
 * The command line that starts the server over stdio: `flow lsp` in the jar, with the collector
 * `flow lsp` gets from the launcher. The serial collector keeps the server's memory near what the
 * open files need (about 500 MB with a 20,000-node file open, against gigabytes of headroom with
 * the default collector; bench/README.md, "What the memory is").
 */
export function serverCommand(java: string, jar: string): { command: string; args: string[] } {
  return { command: java, args: ['-XX:+UseSerialGC', ...javaOptions(jar), 'lsp'] };
}

/** The executable that a shell with this PATH runs for `command`, or undefined when there is none. */
export function findCommand(command: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  const runnable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) {
    return runnable(command) ? command : undefined;
  }
  const separator = platform === 'win32' ? ';' : ':';
  for (const dir of (env.PATH ?? env.Path ?? '').split(separator)) {
    if (dir !== '' && runnable(path.join(dir, command))) {
      return path.join(dir, command);
    }
  }
  return undefined;
}

/** What "Run workflow" runs: the flow command (setting flow.command) when the terminal's shell finds it, else the bundled jar with the Java the extension found. */
export interface RunTools {
  /** The flow.command setting: a name to look up on the PATH, or a path. */
  command: string;
  /** The environment the terminal inherits, for its PATH. */
  env: NodeJS.ProcessEnv;
  /** The Java found for the server, if one was. */
  java?: string;
  /** The jar that serves this window, if there is one. */
  jar?: string;
  platform?: NodeJS.Platform;
}

/** The terminal command line that runs a workflow file, or undefined when there is neither flow nor a Java and jar. */
export function runCommandLine(file: string, tools: RunTools): string | undefined {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  let flow: string[];
  if (findCommand(tools.command, tools.env, tools.platform)) {
    flow = [tools.command];
  } else if (tools.java && tools.jar) {
    flow = [tools.java, ...javaOptions(tools.jar)];
  } else {
    return undefined;
  }
  return [...flow, 'run', file].map(quote).join(' ');
}
