package dev.flow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flow kv put KEY VALUE}: store a value, keeping the earlier ones. */
@Command(name = "put", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Store a value under a key (VALUE \"-\" reads it from standard input); the key keeps its five earlier values."
                + " A process of a run writes only its own node's keys and the run's (\"--run\").",
                "Exit status: 0 stored, 2 usage problems (a write the scoping rule refuses, an unknown execution or node)."})
final class KvPutCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "KEY", description = "The key: 1 to 200 printable characters.")
    String key;

    @Parameters(index = "1", paramLabel = "VALUE", description = "The value, or \"-\" to read it from standard input.")
    String value;

    @Mixin
    KvOptions where;

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() throws IOException {
        String text = value.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8) : value;
        String execution = where.execution();
        String scope = where.scope();
        try (var endpoint = KvEndpoint.open(database, execution)) {
            endpoint.access().put(scope, key, text);
        }
        return ExitCode.OK;
    }
}
