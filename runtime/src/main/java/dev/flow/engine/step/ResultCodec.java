package dev.flow.engine.step;

import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.engine.exec.Tails;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * How results are kept: a small result inline as JSON; a large one in {@code result.json} in its
 * run's artifact folder, with the database holding its path, size and SHA-256 (and its output and
 * summary, for quick reads). Reading checks the hash, so a result changed on disk is noticed.
 */
public final class ResultCodec {
    /** Results up to this many characters of JSON stay in the database. */
    static final int INLINE_MAX = 16 * 1024;
    private static final String ARTIFACT = "$artifact";

    private final ArtifactPaths artifacts;

    ResultCodec(ArtifactPaths artifacts) {
        this.artifacts = artifacts;
    }

    String encode(Map<String, Object> result, Supplier<Path> runDirs) {
        if (result == null || result.isEmpty()) {
            return null;
        }
        String json = Json.write(result);
        if (json.length() <= INLINE_MAX) {
            return json;
        }
        Path runDir = runDirs.get();
        try {
            Files.createDirectories(runDir);
            Path file = runDir.resolve("result.json");
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes);
            var ref = new LinkedHashMap<String, Object>();
            ref.put(ARTIFACT, artifacts.relative(file));
            ref.put("sha256", sha256(bytes));
            ref.put("bytes", (long) bytes.length);
            if (result.get("output") instanceof String o) {
                ref.put("output", Tails.clip(o, 200));
            }
            if (result.get("summary") instanceof String s) {
                ref.put("summary", Tails.clip(s, 200));
            }
            for (String shown : List.of(dev.flow.model.ResultFields.NOT_RUN, dev.flow.model.ResultFields.GATE_WARNINGS)) {
                if (result.get(shown) instanceof String why) {
                    ref.put(shown, why); // read by status without the file
                }
            }
            return Json.write(ref);
        } catch (IOException e) {
            throw new dev.flow.store.StoreException(dev.flow.store.StoreException.Kind.IO, "cannot write a large result to " + runDir + ": "
                    + IoMessages.reason(e) + "; nothing of the step was kept", e);
        }
    }

    /** The result's fields, as a map the caller may change. */
    public Map<String, Object> decode(String column) {
        Map<String, Object> m = Json.readMap(column);
        if (!(m.get(ARTIFACT) instanceof String path)) {
            return m;
        }
        Path file = artifacts.root().resolve(path);
        try {
            file = artifacts.resolve(path);
            byte[] bytes = Files.readAllBytes(file);
            if (sha256(bytes).equals(m.get("sha256"))) {
                return Json.readMap(new String(bytes, StandardCharsets.UTF_8));
            }
        } catch (IOException | IllegalStateException e) {
            // missing, or a path outside the artifacts folder (a database changed by hand): reported below
        }
        var partial = new LinkedHashMap<String, Object>(m);
        partial.remove(ARTIFACT);
        partial.put("summary", "(the full result was in " + file + ", which is missing or was changed)");
        return partial;
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
