package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.store.KvEntry;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class KvServiceTest {
    @TempDir
    Path dir;

    @Test
    void anAgentWritesItsOwnKeysAndTheRunsButNotAnotherNodes() {
        var g = GraphBuilder.workflow("w").checkpoint("a").checkpoint("b").chain("start", "a", "b", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var kv = h.engine.kv();
            var agentA = new KvService.Caller(id, "a");
            kv.put(agentA, id, "a", "summary", "mine");
            kv.put(agentA, id, KvEntry.RUN_SCOPE, "shared", "for all");
            assertThatThrownBy(() -> kv.put(agentA, id, "b", "summary", "theirs"))
                    .isInstanceOf(UsageException.class)
                    .hasMessage("node \"a\" may not write the keys of node \"b\"; it writes its own (\"a\") and the run's (\"run\")");
            kv.put(KvService.Caller.person(), id, "b", "summary", "set by a person");
            assertThat(kv.get(id, "b", "summary").orElseThrow().value()).isEqualTo("set by a person");
            assertThat(kv.list(id, KvEntry.RUN_SCOPE, "")).extracting(KvEntry::key).containsExactly("shared");
            assertThatThrownBy(() -> kv.put(agentA, id, "nope", "k", "v")).hasMessageContaining("\"nope\" is neither a node");
        }
    }

    @Test
    void aKeyKeepsItsLatestValueAndFiveEarlierOnes() {
        var g = GraphBuilder.workflow("w").chain("start", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var kv = h.engine.kv();
            for (int i = 1; i <= 8; i++) {
                kv.put(KvService.Caller.person(), id, KvEntry.RUN_SCOPE, "k", "v" + i);
            }
            assertThat(kv.get(id, KvEntry.RUN_SCOPE, "k").orElseThrow().value()).isEqualTo("v8");
            assertThat(kv.history(id, KvEntry.RUN_SCOPE, "k")).extracting(KvEntry::value).containsExactly("v8", "v7", "v6", "v5", "v4", "v3");
        }
    }

    @Test
    void aLargeValueGoesToAnArtifactCheckedByItsHash() {
        var g = GraphBuilder.workflow("w").chain("start", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var kv = h.engine.kv();
            String big = "x".repeat(KvService.INLINE_MAX + 1);
            KvEntry e = kv.put(KvService.Caller.person(), id, KvEntry.RUN_SCOPE, "log", big);
            assertThat(e.value()).isNull();
            assertThat(e.sha256()).hasSize(64);
            assertThat(kv.read(kv.get(id, KvEntry.RUN_SCOPE, "log").orElseThrow())).isEqualTo(big);
        }
    }
}
