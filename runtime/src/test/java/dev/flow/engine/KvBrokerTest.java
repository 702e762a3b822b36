package dev.flow.engine;

import dev.flow.testing.GraphBuilder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.broker.KvBroker;
import dev.flow.engine.broker.KvBrokerClient;
import dev.flow.store.KvEntry;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key-value broker on its own, over the real store and a real Unix domain socket: its folder
 * is private, clients at once are all served, and closing it leaves nothing to connect to. (What
 * it refuses, and that a sandbox reaches it, is {@link SandboxDatabaseTest}.)
 */
class KvBrokerTest {
    @TempDir
    Path dir;

    @Test
    void itsFolderIsPrivateAndClosingItRemovesTheSocket() throws Exception {
        var g = GraphBuilder.workflow("w").checkpoint("a").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            Path socket;
            try (KvBroker broker = KvBroker.start(h.engine.kv().forStep(id, "a"))) {
                socket = broker.socket();
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(broker.folder()))).isEqualTo("rwx------");
                new KvBrokerClient(socket, id).put("a", "k", "v");
            }
            assertThat(socket).doesNotExist();
            assertThat(socket.getParent()).doesNotExist();
            assertThatThrownBy(() -> new KvBrokerClient(socket, id).get("a", "k")).isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("cannot reach the key-value broker");
            assertThat(h.engine.kv().get(id, "a", "k").orElseThrow().value()).isEqualTo("v");
        }
    }

    @Test
    void twentyClientsAtOnceAreAllServedNoneRefused() throws Exception {
        var g = GraphBuilder.workflow("w").checkpoint("a").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            try (KvBroker broker = KvBroker.start(h.engine.kv().forStep(id, "a"))) {
                serveTwenty(broker, id);
            }
        }
    }

    /** Twenty clients at once, more than the broker serves or queues (it makes the rest wait in the kernel's backlog). */
    private static void serveTwenty(KvBroker broker, String id) throws Exception {
        var pool = Executors.newFixedThreadPool(20);
        try {
            var calls = new ArrayList<Future<String>>();
            for (int i = 0; i < 20; i++) {
                String key = "k" + i;
                Callable<String> call = () -> {
                    var client = new KvBrokerClient(broker.socket(), id);
                    client.put(KvEntry.RUN_SCOPE, key, key.repeat(100));
                    return client.get(KvEntry.RUN_SCOPE, key).orElseThrow().value();
                };
                calls.add(pool.submit(call));
            }
            for (int i = 0; i < 20; i++) {
                assertThat(calls.get(i).get()).isEqualTo(("k" + i).repeat(100));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(new KvBrokerClient(broker.socket(), id).list(KvEntry.RUN_SCOPE, "")).hasSize(20);
    }
}
