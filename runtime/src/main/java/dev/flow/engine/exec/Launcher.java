package dev.flow.engine.exec;

import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.broker.KvBroker;
import dev.flow.model.Command;
import dev.flow.model.Sandbox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns a model {@link Command} of a job into a process with the job's environment and artifact files. */
final class Launcher {
    /** The address of the database, which a sandboxed step does not get. */
    private static final List<String> STORE_ADDRESSES = List.of("FLOW_DB", "FLOW_ARTIFACTS");

    private final ProcessRunner runner;
    private final KvAccess.Factory stepKv;

    /** @param stepKv what the key-value broker of a sandboxed step serves it; null for no broker (its {@code flow kv} then fails) */
    Launcher(Containment containment, KvAccess.Factory stepKv) {
        this.runner = new ProcessRunner(containment);
        this.stepKv = stepKv;
    }

    /**
     * A process that ran, and where its output went.
     *
     * @param diskFull why it may have failed when its output's disk filled up; null otherwise
     */
    record Ran(ProcessResult result, Path stdout, Path stderr, String diskFull) {
        Ran(ProcessResult result, Path stdout, Path stderr) {
            this(result, stdout, stderr, DiskSpace.whyFailed(result, stdout));
        }

        String stdoutTail() {
            return Tails.tail(stdout, Tails.TAIL_BYTES);
        }

        /** Its standard error's end; with a full disk, the reason as its last line (the process's own complaint was not kept). */
        String stderrTail() {
            String tail = Tails.tail(stderr, Tails.TAIL_BYTES);
            return diskFull == null ? tail : (tail.isEmpty() || tail.endsWith("\n") ? tail : tail + "\n") + diskFull;
        }
    }

    static List<String> argv(Command command) {
        if (command instanceof Command.Argv a) {
            return a.args();
        }
        return List.of("sh", "-c", ((Command.Shell) command).line());
    }

    /**
     * Runs {@code argv} for the job.
     *
     * @param label prefixes the output files, so that a task's gates keep their own logs
     * @param cwd relative to the job's base folder; null for the base folder itself
     */
    Ran run(Job job, String label, List<String> argv, String cwd, Map<String, String> extraEnv, Path stdin, Duration timeout,
            Cancellation cancellation) throws LaunchException {
        return run(job, label, argv, cwd, extraEnv, stdin, timeout, null, cancellation);
    }

    /** Runs {@code argv} for the job in {@code sandbox} (null for none); never outside it when one is asked for. */
    Ran run(Job job, String label, List<String> argv, String cwd, Map<String, String> extraEnv, Path stdin, Duration timeout,
            Sandbox sandbox, Cancellation cancellation) throws LaunchException {
        try {
            Files.createDirectories(job.runDir());
            Path context = job.runDir().resolve("context.json");
            if (!Files.exists(context)) {
                Files.writeString(context, job.contextJson(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new LaunchException("cannot write the run's files in " + job.runDir() + ": " + e.getMessage());
        }
        Path dir = cwd == null || cwd.isBlank() ? job.baseDir() : job.baseDir().resolve(cwd).normalize();
        if (!Files.isDirectory(dir)) {
            throw new LaunchException("working directory " + dir + " does not exist");
        }
        var env = StepEnvironment.inherited(System.getenv()); // never Flow's database credentials
        env.putAll(extraEnv);
        env.putAll(job.env());
        Path out = job.runDir().resolve(label + "stdout.log");
        Path err = job.runDir().resolve(label + "stderr.log");
        List<String> program = job.baseDir().equals(job.workflowDir()) ? argv : anchored(argv, dir, job.workflowDir());
        if (sandbox == null) {
            return new Ran(runner.run(new ProcessSpec(program, dir, env, stdin, out, err, timeout, job.env().get("FLOW_RUN_TOKEN"), null), cancellation),
                    out, err);
        }
        // A sandboxed step never gets the database: its `flow kv` goes through a broker in this process.
        List<Path> hidden = StoreFiles.of(job.env().get("FLOW_DB"), System.getenv());
        STORE_ADDRESSES.forEach(env::remove);
        try (KvBroker broker = startBroker(job)) {
            if (broker != null) {
                env.put(KvBroker.SOCKET_VARIABLE, broker.socket().toString());
            }
            SandboxPolicy policy = SandboxPolicy.forJob(sandbox, job, dir, env, broker == null ? null : broker.folder(), hidden);
            ProcessResult result = runner.run(new ProcessSpec(program, dir, env, stdin, out, err, timeout, job.env().get("FLOW_RUN_TOKEN"), policy),
                    cancellation);
            return new Ran(result, out, err);
        }
    }

    private KvBroker startBroker(Job job) throws LaunchException {
        if (stepKv == null) {
            return null;
        }
        try {
            return KvBroker.start(stepKv.forStep(job.executionId(), job.nodeId()));
        } catch (IOException e) {
            throw new LaunchException("cannot start the key-value broker of the sandbox: " + e.getMessage());
        }
    }

    /**
     * For an isolated step: a program named by a relative path is looked for in the process's
     * folder (in the worktree); when it is not there but is in the workflow's folder (a script
     * beside the workflow, outside the target repository), that one is run.
     */
    static List<String> anchored(List<String> argv, Path dir, Path workflowDir) {
        if (argv.isEmpty() || !argv.get(0).contains("/")) {
            return argv;
        }
        Path program = Path.of(argv.get(0));
        if (program.isAbsolute() || Files.exists(dir.resolve(program)) || !Files.exists(workflowDir.resolve(program))) {
            return argv;
        }
        var all = new ArrayList<>(argv);
        all.set(0, workflowDir.resolve(program).normalize().toString());
        return all;
    }
}
