package dev.flow.engine.step;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** I/O failures in words for users: Java's exceptions often carry only a path, or only the system's reason. */
public final class IoMessages {
    private IoMessages() {}

    /** The failure with the file it concerns: {@code no such file or directory: FILE}. */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return "no such file or directory: " + n.getFile();
        }
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The failure alone, for a message that names the file already: {@code No space left on device}. */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return describe(e);
    }
}
