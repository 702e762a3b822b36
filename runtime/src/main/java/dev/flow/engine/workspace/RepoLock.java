package dev.flow.engine.workspace;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialises what Flow does to one target repository (applying a step, moving its refs, pruning
 * worktrees) across the threads of this process and across processes: an in-process lock per
 * repository, then an operating-system lock on {@code flow-apply.lock} in its git folder. The
 * operating system drops the file lock when its process dies, so a killed worker never leaves the
 * repository locked.
 */
final class RepoLock implements AutoCloseable {
    private static final ConcurrentHashMap<Path, ReentrantLock> LOCAL = new ConcurrentHashMap<>();
    static final String FILE = "flow-apply.lock";

    private final ReentrantLock local;
    private final FileChannel channel;
    private final FileLock lock;

    private RepoLock(ReentrantLock local, FileChannel channel, FileLock lock) {
        this.local = local;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of the repository whose (common) git folder is {@code gitDir}, waiting at most {@code patience}. */
    static RepoLock take(Path gitDir, Duration patience) {
        // One key per folder however it is reached (a symbolic link, a relative path): the JVM refuses a
        // second file lock on the same file, so threads must meet at the in-process lock first.
        ReentrantLock local = LOCAL.computeIfAbsent(real(gitDir), k -> new ReentrantLock());
        long deadline = System.nanoTime() + patience.toNanos();
        try {
            if (!local.tryLock(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                throw busy(gitDir, patience);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GitException("interrupted while waiting for the repository lock of " + gitDir);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(gitDir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            while (true) {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return new RepoLock(local, channel, lock);
                }
                if (System.nanoTime() > deadline) {
                    throw busy(gitDir, patience);
                }
                Thread.sleep(25);
            }
        } catch (IOException e) {
            release(local, channel);
            throw new GitException("cannot lock " + gitDir.resolve(FILE) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            release(local, channel);
            Thread.currentThread().interrupt();
            throw new GitException("interrupted while waiting for the repository lock of " + gitDir);
        } catch (RuntimeException e) {
            release(local, channel);
            throw e;
        }
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static GitException busy(Path gitDir, Duration patience) {
        return new GitException("another Flow process held the lock of " + gitDir.resolve(FILE) + " for more than "
                + patience.toSeconds() + " s; try again once it is done");
    }

    private static void release(ReentrantLock local, FileChannel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // closing releases the lock; nothing more to do
        } finally {
            local.unlock();
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel's close below releases it too
        }
        release(local, channel);
    }
}
