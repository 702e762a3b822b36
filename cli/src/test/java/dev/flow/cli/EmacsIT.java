package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Emacs with eglot (Debian's emacs-nox 28 and elpa-eglot 1.9) attached to {@code flow lsp} with
 * the init.el of docs/editors.md shows in Flymake exactly what {@code flow check --format json}
 * reports for the same file. The build installs them when they are missing
 * (src/test/scripts/ensure-editors.sh). Takes a few seconds: one Emacs, one language server.
 */
class EmacsIT {

    /** docs/editors.md's init.el, then what a batch session needs to do in place of a user. */
    static final String SCRIPT = """
            (require 'eglot)
            (define-derived-mode flow-mode prog-mode "Flow"
              "Major mode for Flow workflows."
              (setq-local comment-start "// ")
              (setq-local comment-end ""))
            (add-to-list 'auto-mode-alist '("\\\\.flow\\\\'" . flow-mode))
            (with-eval-after-load 'eglot
              (add-to-list 'eglot-server-programs `(flow-mode . (,(getenv "FLOW_LAUNCHER") "lsp"))))
            (add-hook 'flow-mode-hook #'eglot-ensure)
            (define-derived-mode flow-yaml-mode prog-mode "Flow-YAML"
              "Major mode for Flow workflows and gate registries written in YAML."
              (setq-local comment-start "# ")
              (setq-local comment-end ""))
            (add-to-list 'magic-mode-alist
                         (cons (lambda ()
                                 (and buffer-file-name (string-match-p "\\\\.ya?ml\\\\'" buffer-file-name)
                                      (save-excursion (goto-char (point-min))
                                                      (re-search-forward "^\\\\(nodes\\\\|gates\\\\)[ \t]*:" nil t))))
                               #'flow-yaml-mode))
            (with-eval-after-load 'eglot
              (add-to-list 'eglot-server-programs `(flow-yaml-mode . (,(getenv "FLOW_LAUNCHER") "lsp"))))
            (add-hook 'flow-yaml-mode-hook #'eglot-ensure)
            (when (getenv "FLOW_OTHER")
              ;; a YAML file of another tool keeps its mode: no Flow server for it
              (find-file (getenv "FLOW_OTHER"))
              (with-temp-file (concat (getenv "FLOW_OUT") ".mode") (insert (symbol-name major-mode)))
              (kill-buffer))
            (find-file (getenv "FLOW_FILE"))
            ;; eglot-ensure waits for the first command, and a batch session has none: start it as that would.
            (apply #'eglot (eglot--guess-contact))
            (let ((n 0))
              (while (and (null (flymake-diagnostics)) (< n 600))
                (accept-process-output nil 0.1)
                (setq n (1+ n))))
            (accept-process-output nil 1)
            (let ((lines ""))
              (dolist (d (flymake-diagnostics))
                (let ((beg (flymake-diagnostic-beg d)) (end (flymake-diagnostic-end d)))
                  (setq lines (concat lines (format "%d:%d-%d:%d %s %s\n"
                                                    (line-number-at-pos beg) (save-excursion (goto-char beg) (1+ (current-column)))
                                                    (line-number-at-pos end) (save-excursion (goto-char end) (1+ (current-column)))
                                                    (flymake-diagnostic-type d) (flymake-diagnostic-text d))))))
              (with-temp-file (getenv "FLOW_OUT") (insert lines)))
            (kill-emacs 0)
            """;

    /** eglot's text is "flow [FLOW202]: message"; its types are eglot-error, eglot-warning, eglot-note. */
    static final Pattern LINE = Pattern.compile("(\\S+) eglot-(error|warning|note) flow \\[(FLOW\\d+)\\]: (.*)");

    @Test
    void showsTheSameDiagnosticsAsTheCommandLineForAYamlWorkflowAndLeavesOtherYamlAlone(@TempDir Path dir) throws Exception {
        EditorWorkspace.writeOtherYaml(dir);
        String workflow = "FLOW602-yaml-unknown-key.yaml";
        Files.copy(EditorWorkspace.repository().resolve("examples/invalid").resolve(workflow), dir.resolve(workflow));
        Files.createDirectories(dir.resolve(".git"));
        Path script = Files.writeString(dir.resolve("check.el"), SCRIPT);
        Path out = dir.resolve("emacs.txt");
        EditorWorkspace.runEditor(dir, dir.resolve("emacs.log"), out, Map.of("FLOW_FILE", dir.resolve(workflow).toString(),
                "FLOW_OTHER", dir.resolve("other.yaml").toString()), "emacs", "--batch", "--no-init-file", "-l", script.toString());
        assertThat(Files.readString(dir.resolve("emacs.txt.mode"))).as("other.yaml's mode").isNotEqualTo("flow-yaml-mode");
        Map<String, TreeSet<String>> fromCli = EditorWorkspace.commandLine(dir, List.of(workflow));
        assertThat(fromCli.get(workflow)).as("the command line finds the problems").anyMatch(l -> l.contains("FLOW602"));
        assertThat(flymake(out)).isEqualTo(fromCli.get(workflow));
    }

    /** The diagnostics Flymake showed, as the command line's lines. */
    private static TreeSet<String> flymake(Path out) throws Exception {
        var fromEmacs = new TreeSet<String>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            var m = LINE.matcher(line);
            assertThat(m.matches()).as("a Flymake diagnostic from eglot: " + line).isTrue();
            String severity = m.group(2).equals("note") ? "info" : m.group(2);
            fromEmacs.add(m.group(1) + " " + severity + " " + m.group(3) + " " + m.group(4));
        }
        return fromEmacs;
    }

    @Test
    void showsTheSameDiagnosticsAsTheCommandLine(@TempDir Path dir) throws Exception {
        EditorWorkspace.write(dir);
        // eglot finds the project by its version control root, as it does for real projects.
        Files.createDirectories(dir.resolve(".git"));
        Path script = Files.writeString(dir.resolve("check.el"), SCRIPT);
        Path out = dir.resolve("emacs.txt");
        Path log = dir.resolve("emacs.log");
        EditorWorkspace.runEditor(dir, log, out, Map.of("FLOW_FILE", dir.resolve("broken.flow").toString()), "emacs", "--batch", "--no-init-file", "-l", script.toString());
        Map<String, TreeSet<String>> fromCli = EditorWorkspace.commandLine(dir, List.of("broken.flow"));
        assertThat(fromCli.get("broken.flow")).as("the command line finds the problems").hasSizeGreaterThanOrEqualTo(4);
        assertThat(flymake(out)).isEqualTo(fromCli.get("broken.flow"));
    }
}
