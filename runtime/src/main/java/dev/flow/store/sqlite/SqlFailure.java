package dev.flow.store.sqlite;

import java.sql.SQLException;

/** An {@link SQLException} carried out of table methods, so that the transaction runner can classify it. */
final class SqlFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SqlFailure(String what, SQLException cause) {
        super(what + ": " + cause.getMessage(), cause);
    }

    SQLException sql() {
        return (SQLException) getCause();
    }
}
