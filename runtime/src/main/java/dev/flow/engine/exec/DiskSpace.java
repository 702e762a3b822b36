package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells a step that failed because the disk of its artifacts folder filled up from one that failed
 * on its own. A process whose output goes to a full disk gets "No space left on device" and
 * usually exits 1; its complaint goes to its error log, on the same full disk, so nothing of it is
 * kept and the failure read only "exited with code 1".
 */
final class DiskSpace {
    /** Less free space than this after a failure is taken for a full disk: a write of a block or two no longer fits. */
    static final long NEARLY_FULL_BYTES = 64 * 1024;

    private DiskSpace() {}

    /** "no space left on device writing FILE" when the process failed and {@code output}'s disk is (nearly) full; null otherwise. */
    static String whyFailed(ProcessResult result, Path output) {
        if (result.exitCode() == 0 || result.timedOut() || result.cancelled()) {
            return null;
        }
        try {
            Path existing = Files.exists(output) ? output : output.getParent();
            if (Files.getFileStore(existing).getUsableSpace() < NEARLY_FULL_BYTES) {
                return "no space left on device writing " + output + " (free space on that disk, or give --artifacts another folder)";
            }
        } catch (IOException | RuntimeException e) {
            // the folder went away: nothing to say about its disk
        }
        return null;
    }
}
