package dev.flow.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named verification step (tests, lint, a security scan) that gate nodes run. Definitions come
 * from the workflow itself, from a shared {@code .flow} library, or from a {@code gates.yaml}
 * registry; {@link #source()} says which file.
 *
 * @param timeout null for the runtime's default
 * @param parallelSafe whether this gate may run at the same time as other gates
 * @param allowedWrites glob patterns of files the gate may write
 * @param dependsOn gates that must pass before this one runs
 * @param severity {@link Severity#WARNING} gates report failure without failing the run
 * @param cwd the folder the command runs in, relative to the workflow's folder (a registry's
 *     {@code working_dir}); null for the workflow's folder
 */
public record GateDef(
        String name,
        String description,
        Command command,
        Duration timeout,
        Map<String, String> env,
        boolean parallelSafe,
        List<String> allowedWrites,
        List<NameRef> dependsOn,
        Severity severity,
        SourceRef source,
        String cwd) {

    public GateDef {
        Objects.requireNonNull(name, "name");
        env = Models.map(env);
        allowedWrites = Models.list(allowedWrites);
        dependsOn = Models.list(dependsOn);
        severity = severity == null ? Severity.ERROR : severity;
        source = source == null ? SourceRef.NONE : source;
    }

    /** A gate that runs in the workflow's folder. */
    public GateDef(String name, String description, Command command, Duration timeout, Map<String, String> env, boolean parallelSafe,
            List<String> allowedWrites, List<NameRef> dependsOn, Severity severity, SourceRef source) {
        this(name, description, command, timeout, env, parallelSafe, allowedWrites, dependsOn, severity, source, null);
    }
}
