package dev.flow.bench.peers;

import dev.flow.store.Durability;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.Map;
import java.util.UUID;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.AbstractCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.serializer.StateSerializer;
import org.bsc.langgraph4j.state.AgentState;

/**
 * A durable checkpoint saver for LangGraph4j on one SQLite file, written for the side-by-side
 * benchmark (LangGraph4j ships savers for PostgreSQL, MySQL and others, none for SQLite). It
 * persists a checkpoint as LangGraph4j's own PostgreSQL saver does: in one transaction, the thread's
 * row made if missing and read back, then one row for the checkpoint with its state serialized by
 * the graph's {@link StateSerializer}; one commit per checkpoint, so a crash loses no step that
 * returned. The base class keeps every thread's checkpoints in memory as well (the "cached" saver):
 * reads never touch the file. WAL journal and {@code synchronous} as the {@link Durability} asked,
 * the same settings Flow's store uses; statements prepared once.
 */
public final class SqliteCheckpointSaver extends AbstractCheckpointSaver implements AutoCloseable {
    private final Connection connection;
    private final StateSerializer<? extends AgentState> serializer;
    private final PreparedStatement upsertThread;
    private final PreparedStatement selectThread;
    private final PreparedStatement insertCheckpoint;
    private final PreparedStatement updateCheckpoint;
    private final PreparedStatement releaseThread;
    private final Map<String, LinkedList<Checkpoint>> cache = new HashMap<>();
    private long written;

    public SqliteCheckpointSaver(Path file, Durability durability, StateSerializer<? extends AgentState> serializer) throws SQLException {
        this.serializer = serializer;
        this.connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=" + durability.name());
            s.execute("CREATE TABLE IF NOT EXISTS lg4j_thread (thread_id TEXT PRIMARY KEY, thread_name TEXT NOT NULL, "
                    + "is_released INTEGER NOT NULL DEFAULT 0)");
            s.execute("CREATE UNIQUE INDEX IF NOT EXISTS lg4j_thread_open ON lg4j_thread (thread_name) WHERE is_released = 0");
            s.execute("CREATE TABLE IF NOT EXISTS lg4j_checkpoint (checkpoint_id TEXT PRIMARY KEY, parent_checkpoint_id TEXT, "
                    + "thread_id TEXT NOT NULL REFERENCES lg4j_thread (thread_id), node_id TEXT, next_node_id TEXT, state_data BLOB NOT NULL, "
                    + "state_content_type TEXT NOT NULL, saved_at INTEGER NOT NULL)");
        }
        connection.setAutoCommit(false);
        upsertThread = connection.prepareStatement("INSERT INTO lg4j_thread (thread_id, thread_name, is_released) VALUES (?, ?, 0) "
                + "ON CONFLICT DO NOTHING");
        selectThread = connection.prepareStatement("SELECT thread_id FROM lg4j_thread WHERE thread_name = ? AND is_released = 0");
        insertCheckpoint = connection.prepareStatement("INSERT INTO lg4j_checkpoint (checkpoint_id, parent_checkpoint_id, thread_id, node_id, "
                + "next_node_id, state_data, state_content_type, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        updateCheckpoint = connection.prepareStatement("UPDATE lg4j_checkpoint SET checkpoint_id = ?, parent_checkpoint_id = NULL, node_id = ?, "
                + "next_node_id = ?, state_data = ? WHERE checkpoint_id = ?");
        releaseThread = connection.prepareStatement("UPDATE lg4j_thread SET is_released = 1 WHERE thread_name = ? AND is_released = 0");
        connection.commit();
    }

    @Override
    protected LinkedList<Checkpoint> loadCheckpoints(RunnableConfig config) throws Exception {
        String threadName = threadId(config);
        LinkedList<Checkpoint> cached = cache.get(threadName);
        if (cached == null) {
            cached = read(threadName);
            cache.put(threadName, cached);
        }
        return cached;
    }

    /** A thread's checkpoints as stored, newest first (the order the base class keeps). */
    private LinkedList<Checkpoint> read(String threadName) throws SQLException, IOException, ClassNotFoundException {
        var out = new LinkedList<Checkpoint>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT c.checkpoint_id, c.node_id, c.next_node_id, c.state_data "
                + "FROM lg4j_checkpoint c JOIN lg4j_thread t ON t.thread_id = c.thread_id WHERE t.thread_name = ? AND t.is_released = 0 "
                + "ORDER BY c.saved_at DESC, c.rowid DESC")) {
            ps.setString(1, threadName);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(Checkpoint.builder().id(rs.getString(1)).nodeId(rs.getString(2)).nextNodeId(rs.getString(3))
                            .state(serializer.dataFromBytes(rs.getBytes(4))).build());
                }
            }
        }
        connection.commit();
        return out;
    }

    @Override
    protected void insertedCheckpoint(RunnableConfig config, LinkedList<Checkpoint> checkpoints, Checkpoint checkpoint) throws Exception {
        String threadName = threadId(config);
        try {
            upsertThread.setString(1, UUID.randomUUID().toString());
            upsertThread.setString(2, threadName);
            upsertThread.executeUpdate();
            String threadId;
            selectThread.setString(1, threadName);
            try (ResultSet rs = selectThread.executeQuery()) {
                rs.next();
                threadId = rs.getString(1);
            }
            Checkpoint parent = checkpoints.size() > 1 ? checkpoints.get(1) : null;
            insertCheckpoint.setString(1, checkpoint.getId());
            insertCheckpoint.setString(2, parent == null ? null : parent.getId());
            insertCheckpoint.setString(3, threadId);
            insertCheckpoint.setString(4, checkpoint.getNodeId());
            insertCheckpoint.setString(5, checkpoint.getNextNodeId());
            insertCheckpoint.setBytes(6, state(checkpoint));
            insertCheckpoint.setString(7, serializer.contentType());
            insertCheckpoint.setLong(8, System.currentTimeMillis());
            insertCheckpoint.executeUpdate();
            connection.commit();
            written++;
        } catch (SQLException | IOException e) {
            connection.rollback();
            throw e;
        }
    }

    @Override
    protected void updatedCheckpoint(RunnableConfig config, LinkedList<Checkpoint> checkpoints, Checkpoint checkpoint) throws Exception {
        try {
            updateCheckpoint.setString(1, checkpoint.getId());
            updateCheckpoint.setString(2, checkpoint.getNodeId());
            updateCheckpoint.setString(3, checkpoint.getNextNodeId());
            updateCheckpoint.setBytes(4, state(checkpoint));
            updateCheckpoint.setString(5, config.checkPointId().orElse(checkpoint.getId()));
            updateCheckpoint.executeUpdate();
            connection.commit();
            written++;
        } catch (SQLException | IOException e) {
            connection.rollback();
            throw e;
        }
    }

    @Override
    protected Tag releaseCheckpoints(RunnableConfig config, LinkedList<Checkpoint> checkpoints) throws Exception {
        releaseThread.setString(1, threadId(config));
        releaseThread.executeUpdate();
        connection.commit();
        cache.remove(threadId(config));
        return new Tag(threadId(config), checkpoints);
    }

    /** Checkpoints committed so far. */
    public long written() {
        return written;
    }

    private byte[] state(Checkpoint checkpoint) throws IOException {
        return serializer.dataToBytes(checkpoint.getState());
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
