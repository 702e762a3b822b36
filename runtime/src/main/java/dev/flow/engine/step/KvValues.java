package dev.flow.engine.step;

import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.store.KvEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** How the key-value store keeps a value, for a person's or a process's write and for the keys Flow writes itself ({@link NodeKeys}). */
public final class KvValues {
    /** Values up to this many bytes stay in the database. */
    public static final int INLINE_MAX = 64 * 1024;

    private KvValues() {}

    /**
     * A value as the store keeps it: inline up to {@link #INLINE_MAX} bytes, else in an artifact
     * file written now (outside any transaction's rollback: a value never committed leaves a file
     * nothing points to, which is harmless).
     */
    public static KvEntry entry(EngineCore core, String executionId, String scope, String key, String value, String writer, long at) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= INLINE_MAX) {
            return new KvEntry(executionId, scope, key, value, null, null, bytes.length, writer, at);
        }
        Path dir = core.artifacts.kvDir(executionId, scope);
        Path file = core.artifacts.inside(dir.resolve(ArtifactPaths.component(key) + "-" + at + ".txt"));
        try {
            Files.createDirectories(dir);
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new dev.flow.store.StoreException(dev.flow.store.StoreException.Kind.IO, "cannot write the value of \"" + key + "\" to "
                    + file + ": " + IoMessages.reason(e) + "; nothing was stored", e);
        }
        return new KvEntry(executionId, scope, key, null, core.artifacts.relative(file), ResultCodec.sha256(bytes), bytes.length, writer, at);
    }
}
