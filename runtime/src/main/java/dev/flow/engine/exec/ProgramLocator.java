package dev.flow.engine.exec;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Finds the program of an argv list before it is started, so that a missing program is reported as
 * such ("'claude' is not on PATH") rather than as an exit code. A name with a slash is a path,
 * relative to the process's working directory; a bare name is looked up on the process's PATH.
 */
final class ProgramLocator {
    private ProgramLocator() {}

    static Path locate(String program, Path cwd, Map<String, String> env) throws LaunchException {
        if (program.isEmpty()) {
            throw new LaunchException("the command is empty");
        }
        if (program.contains("/")) {
            Path p = cwd.resolve(program).normalize();
            if (!Files.exists(p)) {
                throw new LaunchException("program '" + program + "' does not exist (looked for " + p + ")");
            }
            if (Files.isDirectory(p) || !Files.isExecutable(p)) {
                throw new LaunchException("program '" + program + "' is not executable (" + p + "); make it so with chmod +x");
            }
            return p;
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir).resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        throw new LaunchException("program '" + program + "' is not on PATH; install it, or give its full path");
    }
}
