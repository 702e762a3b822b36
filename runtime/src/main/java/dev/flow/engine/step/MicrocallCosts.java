package dev.flow.engine.step;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What a node's microcalls ({@link dev.flow.engine.Microcalls}) cost, read from its run folder when
 * its attempt finishes, so that it counts with the attempt toward {@code max cost}.
 */
public final class MicrocallCosts {
    /** The folder of a run's microcalls, in its run folder. */
    public static final String FOLDER = "microcalls";

    private MicrocallCosts() {}

    /** What the microcalls made in a run folder reported spending (0 when there were none). */
    public static double spent(Path runDir) {
        Path parent = runDir.resolve(FOLDER);
        if (!Files.isDirectory(parent)) {
            return 0;
        }
        double sum = 0;
        try (Stream<Path> calls = Files.list(parent)) {
            for (Path call : calls.toList()) {
                Path result = call.resolve("result.json");
                if (Files.isRegularFile(result) && Json.readMap(Files.readString(result)).get("cost") instanceof Number n
                        && n.doubleValue() > 0 && Double.isFinite(n.doubleValue())) {
                    sum += n.doubleValue();
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder that cannot be read counts nothing rather than failing the node's step
        }
        return sum;
    }
}
