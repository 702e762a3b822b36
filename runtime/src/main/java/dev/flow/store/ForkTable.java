package dev.flow.store;

import java.util.List;
import java.util.Optional;

/** The origin of each fork ({@code flow fork}). */
public interface ForkTable {
    void insert(ForkRow row);

    /** The origin of an execution, when it is a fork. */
    Optional<ForkRow> get(String executionId);

    /** The forks made from an execution, oldest first. */
    List<ForkRow> of(String sourceId);
}
