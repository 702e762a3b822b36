package dev.flow.engine.step;

import dev.flow.check.NameSuggester;
import dev.flow.engine.config.UsageException;
import dev.flow.store.ExecutionRow;
import dev.flow.store.Store;
import java.util.List;

/**
 * Finds the execution a person named on the command line, and when there is none says which one
 * they probably meant: the nearest id if one is near, else the most recent ones.
 */
public final class ExecutionLookup {
    private static final int RECENT_SHOWN = 5;

    private ExecutionLookup() {}

    public static ExecutionRow require(Store store, String id) {
        return store.read(tx -> tx.executions().get(id)).orElseThrow(() -> unknown(store, id));
    }

    private static UsageException unknown(Store store, String id) {
        List<String> near = NameSuggester.suggest(id, store.read(tx -> tx.executions().ids()));
        String hint;
        if (!near.isEmpty()) {
            hint = NameSuggester.didYouMean(near);
        } else {
            List<ExecutionRow> recent = store.read(tx -> tx.executions().recent(RECENT_SHOWN));
            hint = recent.isEmpty() ? "the database has no executions yet"
                    : "recent executions: " + String.join(", ", recent.stream().map(ExecutionRow::id).toList());
        }
        return new UsageException("no execution \"" + id + "\" in " + store.address() + " (" + hint + "; \"flow status\" lists them)");
    }
}
