import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { candidates, findJava, JavaNotFound, parseJavaVersion } from '../src/java';

/** A folder with bin/java: a real script that prints what `java -version` prints. */
function fakeJava(version: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-java-'));
  fs.mkdirSync(path.join(home, 'bin'));
  const java = path.join(home, 'bin', 'java');
  fs.writeFileSync(java, `#!/bin/sh\necho 'openjdk version "${version}" 2025-04-15' >&2\n`);
  fs.chmodSync(java, 0o755);
  return home;
}

describe('finding Java', () => {
  it('reads the major version of modern and old Java', () => {
    assert.strictEqual(parseJavaVersion('openjdk version "17.0.15" 2025-04-15'), 17);
    assert.strictEqual(parseJavaVersion('java version "1.8.0_402"'), 8);
    assert.strictEqual(parseJavaVersion('openjdk version "21" 2023-09-19'), 21);
    assert.strictEqual(parseJavaVersion('no version here'), undefined);
  });

  it('prefers the setting, then JAVA_HOME, then the PATH', () => {
    const fromPath = fakeJava('17.0.1');
    const found = candidates('/opt/setting', { JAVA_HOME: '/opt/home', PATH: path.join(fromPath, 'bin') }, 'linux');
    assert.deepStrictEqual(found.map((c) => c.source), ['setting flow.java.home', 'JAVA_HOME', 'PATH']);
    assert.strictEqual(found[0].executable, '/opt/setting/bin/java');
  });

  it('takes the first Java that is 17 or newer', async () => {
    const old = fakeJava('11.0.2');
    const good = fakeJava('17.0.15');
    const java = await findJava(old, { JAVA_HOME: good, PATH: '' }, 'linux');
    assert.strictEqual(java.executable, path.join(good, 'bin', 'java'));
    assert.strictEqual(java.version, 17);
    assert.strictEqual(java.source, 'JAVA_HOME');
  });

  it('says what it tried and what to do when no Java 17 is found', async () => {
    const old = fakeJava('1.8.0_402');
    await assert.rejects(findJava(undefined, { JAVA_HOME: old, PATH: '' }, 'linux'), (e: Error) => {
      assert.ok(e instanceof JavaNotFound);
      assert.match(e.message, /needs Java 17 or newer/);
      assert.match(e.message, /JAVA_HOME: .* is Java 8/);
      assert.match(e.message, /set "flow.java.home"/);
      return true;
    });
  });

  it('says that nothing was found when nothing is set', async () => {
    await assert.rejects(findJava('', { PATH: '' }, 'linux'), /no Java was found/);
  });

  it('finds the Java that runs these tests on the PATH', async function () {
    const java = await findJava(undefined, { PATH: process.env.PATH ?? '' });
    assert.ok(java.version >= 17);
  });
});
