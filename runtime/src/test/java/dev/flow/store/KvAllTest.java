package dev.flow.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link KvTable#all}: every scope's latest values of one execution in one read, on both stores. */
@BothStores
class KvAllTest {
    @TempDir
    Path dir;

    @Test
    void givesEveryScopesLatestValuesOfOneExecutionByScopeThenKey() {
        try (Store store = StoreKind.current().open(dir, StoreOptions.DEFAULT)) {
            store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                for (String id : new String[] {"e1", "e2"}) {
                    tx.executions().insert(ExecutionRow.builder().id(id).graphHash("h").workflowId("w").rootId(id).status(ExecutionStatus.RUNNING)
                            .inputsJson("{}").baseDir("/tmp").createdAt(1).build());
                }
                tx.kv().put(new KvEntry("e1", "run", "b", "1", null, null, 1, "flow", 1));
                tx.kv().put(new KvEntry("e1", "fix", "a", "old", null, null, 3, "flow", 2));
                tx.kv().put(new KvEntry("e1", "fix", "a", "new", null, null, 3, "flow", 3));
                tx.kv().put(new KvEntry("e1", "run", "a", "2", null, null, 1, "flow", 4));
                tx.kv().put(new KvEntry("e2", "run", "a", "other run", null, null, 9, "flow", 5));
                return null;
            });
            List<KvEntry> all = store.read(tx -> tx.kv().all("e1"));
            List<KvEntry> none = store.read(tx -> tx.kv().all("nosuch"));
            assertThat(all).extracting(e -> e.scope() + "/" + e.key() + "=" + e.value())
                    .containsExactly("fix/a=new", "run/a=2", "run/b=1");
            assertThat(none).isEmpty();
        }
    }
}
