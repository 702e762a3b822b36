package dev.flow.engine.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A process to run.
 *
 * @param argv the program and its arguments, passed as they are (no shell unless argv says {@code sh -c})
 * @param env the whole environment of the process
 * @param stdin a file to read standard input from; null for none
 * @param stdout where standard output goes
 * @param stderr where standard error goes
 * @param runToken the job's {@code FLOW_RUN_TOKEN}, by which a later Flow process finds what this one
 *     left running; null for none
 * @param sandbox where the process may write, when it runs in a sandbox; null for none
 */
public record ProcessSpec(List<String> argv, Path cwd, Map<String, String> env, Path stdin, Path stdout, Path stderr, Duration timeout,
        String runToken, SandboxPolicy sandbox) {
    public ProcessSpec {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
    }
}
