package dev.flow.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Tx#databaseMillis}: the database's own clock, in the epoch milliseconds the engine keeps
 * leases in, on both stores (the servers here run on this machine, so it is this machine's time).
 */
@BothStores
class DatabaseTimeTest {
    @TempDir
    Path dir;

    @Test
    void isTheDatabasesWallClockInEpochMillisecondsAndMovesOnWithinATransaction() {
        try (Store store = StoreKind.current().open(dir, StoreOptions.DEFAULT)) {
            long before = System.currentTimeMillis();
            long[] read = store.read(tx -> {
                long first = tx.databaseMillis();
                long second;
                do {
                    second = tx.databaseMillis(); // the wall clock, not the transaction's start (PostgreSQL's now() stands still)
                } while (second == first);
                return new long[] {first, second};
            });
            long after = System.currentTimeMillis();
            assertThat(read[0]).isBetween(before - 1_000, after + 1_000);
            assertThat(read[1]).isGreaterThan(read[0]).isLessThanOrEqualTo(after + 1_000);
        }
    }
}
