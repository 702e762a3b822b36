package dev.flow.cli;

import dev.flow.engine.KvService;
import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.broker.KvBrokerClient;
import dev.flow.store.Store;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where a {@code flow kv} verb reaches the store: inside a sandboxed step, the broker its
 * {@code FLOW_KV_SOCKET} names (the step has no database); elsewhere, the database, as the person
 * or process that runs the command ({@link KvService.Caller#fromEnvironment}).
 */
final class KvEndpoint implements AutoCloseable {
    private final Store store;
    private final KvAccess access;

    private KvEndpoint(Store store, KvAccess access) {
        this.store = store;
        this.access = access;
    }

    /** Opens the store of {@code execution}: through the broker when there is one and no {@code --db} names a database. */
    static KvEndpoint open(DatabaseOptions database, String execution) {
        Map<String, String> env = System.getenv();
        Optional<Path> socket = KvBrokerClient.socketOf(env);
        if (socket.isPresent() && !database.named()) {
            return new KvEndpoint(null, new Brokered(new KvBrokerClient(socket.get(), execution)));
        }
        Store store = database.openExisting();
        try {
            return new KvEndpoint(store, Engines.create(store).kv().access(KvService.Caller.fromEnvironment(env), execution));
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    KvAccess access() {
        return access;
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }

    /** The broker's refusals and failures as the command line's usage errors (exit status 2). */
    private record Brokered(KvBrokerClient client) implements KvAccess {
        @Override
        public String executionId() {
            return client.executionId();
        }

        @Override
        public Optional<Value> get(String scope, String key) {
            return said(() -> client.get(scope, key));
        }

        @Override
        public List<Value> history(String scope, String key) {
            return said(() -> client.history(scope, key));
        }

        @Override
        public List<Value> list(String scope, String prefix) {
            return said(() -> client.list(scope, prefix));
        }

        @Override
        public void put(String scope, String key, String value) {
            said(() -> {
                client.put(scope, key, value);
                return null;
            });
        }

        private static <T> T said(Supplier<T> call) {
            try {
                return call.get();
            } catch (KvBrokerClient.Refused e) {
                throw new UserError(e.getMessage(), ExitCode.USAGE);
            } catch (UncheckedIOException e) {
                throw new UserError(e.getMessage() + " (inside a sandboxed step, flow kv works while the step runs)", ExitCode.USAGE);
            }
        }
    }
}
