package dev.flow.store.sql;

import java.sql.SQLException;

/** An {@link SQLException} carried out of table methods, so that the transaction runner can classify it. */
public final class SqlFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SqlFailure(String what, SQLException cause) {
        super(what + ": " + cause.getMessage(), cause);
    }

    public SQLException sql() {
        return (SQLException) getCause();
    }
}
