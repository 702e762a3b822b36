package dev.flow.cli;

import dev.flow.engine.broker.KvAccess;
import dev.flow.store.KvEntry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow kv get KEY}: a key's value. */
@Command(name = "get", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Print a key's latest value (with --history, its earlier values too, oldest first).",
                "Exit status: 0 printed, 1 the key has no value, 2 usage problems."})
final class KvGetCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "KEY", description = "The key.")
    String key;

    @Option(names = "--history", description = "Print the kept earlier values too, oldest first, one per line with who wrote it and when.")
    boolean history;

    @Mixin
    KvOptions where;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        String execution = where.execution();
        String scope = where.scope();
        try (var endpoint = KvEndpoint.open(database, execution)) {
            KvAccess kv = endpoint.access();
            if (history) {
                List<KvAccess.Value> entries = kv.history(scope, key);
                if (entries.isEmpty()) {
                    return missing(scope, execution);
                }
                // the store keeps them newest first; a history reads oldest first, the latest value last
                var oldestFirst = new ArrayList<>(entries);
                Collections.reverse(oldestFirst);
                for (KvAccess.Value e : oldestFirst) {
                    // a listing, so shown safely; a plain get prints the value as stored, for scripts
                    out.println(TerminalText.line(Times.dateTime(e.at()) + "  " + e.writer() + "  " + e.value()));
                }
            } else {
                var entry = kv.get(scope, key);
                if (entry.isEmpty()) {
                    return missing(scope, execution);
                }
                out.println(entry.get().value());
            }
        }
        out.flush();
        return ExitCode.OK;
    }

    private int missing(String scope, String execution) {
        var err = spec.commandLine().getErr();
        err.println("flow kv get: no value for \"" + key + "\" in " + (scope.equals(KvEntry.RUN_SCOPE) ? "the run's namespace" : "node \"" + scope + "\"")
                + " of execution " + execution);
        err.flush();
        return ExitCode.FAILED;
    }
}
