package dev.flow.store;

/**
 * The three outcomes of a guarded update ({@code UPDATE ... WHERE key = ? AND status = ? ...}):
 * 0 rows means someone else changed the row first, 1 means this transition happened, and anything
 * else is a bug that must not pass silently.
 */
public final class Guard {
    private Guard() {}

    /** True for one row, false for none; throws for more. */
    public static boolean one(int rows, String what) {
        if (rows == 1) {
            return true;
        }
        if (rows == 0) {
            return false;
        }
        throw new StoreException(StoreException.Kind.BUG, "bug: updating " + what + " changed " + rows + " rows instead of one");
    }

    /** Like {@link #one}, for transitions that nothing else may race: 0 rows is a bug too. */
    public static void exactlyOne(int rows, String what) {
        if (!one(rows, what)) {
            throw raced(what);
        }
    }

    /** What {@link #exactlyOne} throws when {@code what} changed no row, wherever that was found (on a server, say). */
    public static StoreException raced(String what) {
        return new StoreException(StoreException.Kind.BUG, "bug: " + what + " was changed by someone else during its own transaction");
    }
}
