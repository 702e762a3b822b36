package dev.flow.engine.exec;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The environment a step's process inherits from Flow: Flow's own, without the credentials Flow
 * reads for its database. A step (an agent, a command, a gate) gets none of them: every variable
 * whose name starts with {@code PG} (libpq's and the PostgreSQL driver's {@code PGPASSWORD},
 * {@code PGPASSFILE}, {@code PGSERVICE}, {@code PGSERVICEFILE}, {@code PGUSER}, {@code PGHOST},
 * {@code PGSSLKEY}...), and {@code DATABASE_URL} and {@code FLOW_DB} as Flow was started with them
 * (the job's own {@code FLOW_DB}, an address without a password, is set afterwards).
 */
public final class StepEnvironment {
    /** Variables a step never inherits, besides those starting with {@link #PREFIX}. */
    public static final Set<String> WITHHELD = Set.of("DATABASE_URL", "FLOW_DB");
    /** The prefix of PostgreSQL's variables: none of them reaches a step. */
    public static final String PREFIX = "PG";

    private StepEnvironment() {}

    /** {@code env} without what a step must not inherit. */
    public static Map<String, String> inherited(Map<String, String> env) {
        var out = new HashMap<String, String>(env.size());
        env.forEach((name, value) -> {
            if (!withheld(name)) {
                out.put(name, value);
            }
        });
        return out;
    }

    /** Whether a variable of Flow's environment is kept from steps. */
    public static boolean withheld(String name) {
        return name.toUpperCase(Locale.ROOT).startsWith(PREFIX) || WITHHELD.contains(name);
    }
}
