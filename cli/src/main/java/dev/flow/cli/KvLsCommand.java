package dev.flow.cli;

import dev.flow.engine.broker.KvAccess;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow kv ls [PREFIX]}: the keys of a scope. */
@Command(name = "ls", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List the keys of a node (or of the run-wide namespace) with their latest values, those starting with PREFIX only when given.",
                "Exit status: 0 listed (even none), 2 usage problems."})
final class KvLsCommand implements Callable<Integer> {
    private static final int SHOWN = 60;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PREFIX", arity = "0..1", description = "List only keys that start with this.")
    String prefix;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "text (KEY, the start of its value, who wrote it) or json (full values).")
    String format;

    @Mixin
    KvOptions where;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() {
        boolean json = Formats.json(spec, format);
        var out = spec.commandLine().getOut();
        String execution = where.execution();
        String scope = where.scope();
        try (var endpoint = KvEndpoint.open(database, execution)) {
            List<KvAccess.Value> entries = endpoint.access().list(scope, prefix == null ? "" : prefix);
            if (json) {
                out.println(ExecutionJson.kvEntries(entries));
            } else {
                var table = new TextTable("KEY", "VALUE", "WRITER", "WRITTEN");
                entries.forEach(e -> table.add(e.key(), clip(e.value()), e.writer(), Times.dateTime(e.at())));
                if (!table.isEmpty()) {
                    table.print(out, Ansi.choose(ColorMode.NEVER));
                }
            }
        }
        out.flush();
        return ExitCode.OK;
    }

    private static String clip(String value) {
        String oneLine = value.replace("\n", "\\n");
        return oneLine.length() <= SHOWN ? oneLine : oneLine.substring(0, SHOWN - 3) + "...";
    }
}
