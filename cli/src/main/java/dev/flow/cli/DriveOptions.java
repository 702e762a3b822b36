package dev.flow.cli;

import dev.flow.store.Store;
import picocli.CommandLine.Mixin;

/**
 * The options of every verb that drives executions ({@code run}, {@code resume}, {@code fork},
 * {@code worker}): the database, who plays the roles, and the work-graph snapshot. One mixin, so
 * that a setting the engine gains for driving reaches all four verbs at once.
 */
final class DriveOptions {

    @Mixin
    DatabaseOptions database;

    @Mixin
    RoleOptions roles;

    @Mixin
    SnapshotOptions snapshot;

    /** A session that drives executions of this store with these options, showing its progress. */
    RunSession session(Store store, Progress progress, Ansi ansi) {
        return new RunSession(store, database, progress, ansi, roles.commands(), snapshot.writer());
    }
}
