// Finds a Java runtime for the language server: the flow.java.home setting, then JAVA_HOME, then
// `java` on the PATH. Kept free of the vscode API so that it is tested on its own.
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** The oldest Java the server runs on. */
export const MINIMUM_JAVA = 17;

export interface JavaCandidate {
  /** Where the candidate comes from, as the user named it: "setting flow.java.home", "JAVA_HOME", "PATH". */
  source: string;
  executable: string;
}

export interface FoundJava {
  executable: string;
  version: number;
  source: string;
}

/** A failure that says what was tried and what to do. */
export class JavaNotFound extends Error {}

function executableName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'java.exe' : 'java';
}

/** The places to look, in order of preference. */
export function candidates(setting: string | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): JavaCandidate[] {
  const name = executableName(platform);
  const found: JavaCandidate[] = [];
  if (setting && setting.trim() !== '') {
    found.push({ source: 'setting flow.java.home', executable: path.join(setting.trim(), 'bin', name) });
  }
  if (env.JAVA_HOME && env.JAVA_HOME.trim() !== '') {
    found.push({ source: 'JAVA_HOME', executable: path.join(env.JAVA_HOME.trim(), 'bin', name) });
  }
  const separator = platform === 'win32' ? ';' : ':';
  for (const dir of (env.PATH ?? env.Path ?? '').split(separator)) {
    if (dir !== '') {
      const executable = path.join(dir, name);
      if (fs.existsSync(executable)) {
        found.push({ source: 'PATH', executable });
        break;
      }
    }
  }
  return found;
}

/** The major version in `java -version` output: "17.0.15" gives 17, "1.8.0_402" gives 8. */
export function parseJavaVersion(output: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(output);
  if (!match) {
    return undefined;
  }
  const major = Number(match[1]);
  return major === 1 && match[2] !== undefined ? Number(match[2]) : major;
}

function versionOf(executable: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile(executable, ['-version'], { timeout: 30000 }, (error, stdout, stderr) => {
      if (error && !stderr) {
        resolve(undefined);
        return;
      }
      resolve(parseJavaVersion(`${stderr}\n${stdout}`));
    });
  });
}

/** The first candidate that runs and is Java 17 or newer; otherwise an error that says what to do. */
export async function findJava(setting: string | undefined, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<FoundJava> {
  const tried: string[] = [];
  for (const candidate of candidates(setting, env, platform)) {
    if (!fs.existsSync(candidate.executable)) {
      tried.push(`${candidate.source}: ${candidate.executable} does not exist`);
      continue;
    }
    const version = await versionOf(candidate.executable);
    if (version === undefined) {
      tried.push(`${candidate.source}: ${candidate.executable} did not report a Java version`);
    } else if (version < MINIMUM_JAVA) {
      tried.push(`${candidate.source}: ${candidate.executable} is Java ${version}`);
    } else {
      return { executable: candidate.executable, version, source: candidate.source };
    }
  }
  const what = tried.length === 0 ? 'no Java was found (flow.java.home and JAVA_HOME are not set, and there is no java on the PATH)' : tried.join('; ');
  throw new JavaNotFound(
    `The Flow language server needs Java ${MINIMUM_JAVA} or newer, and ${what}. ` +
      `Install a JDK ${MINIMUM_JAVA}+ (for example Eclipse Temurin, or 'apt install openjdk-17-jre'), ` +
      `then set "flow.java.home" in the settings to its folder, or set JAVA_HOME, and reload the window.`
  );
}
