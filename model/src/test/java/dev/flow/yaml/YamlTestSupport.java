package dev.flow.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Reading YAML texts in tests, and finding where things were written in them. */
public final class YamlTestSupport {
    private YamlTestSupport() {}

    public static final String FILE = "w.yaml";

    public static YamlDocument read(String text) {
        return YamlWorkflowReader.read(new SourceFile(null, FILE, text), LoadOptions.DEFAULT);
    }

    public static YamlDocument read(String text, LoadOptions options) {
        return YamlWorkflowReader.read(new SourceFile(null, FILE, text), options);
    }

    /** The workflow of a text that must read without any problem. */
    public static Workflow workflow(String text) {
        YamlDocument doc = read(text);
        assertThat(doc.diagnostics()).as("problems reading the YAML").isEmpty();
        return doc.graph().orElseThrow().main();
    }

    /** The workflow of a text that may have problems. */
    public static Workflow workflowDespiteProblems(String text) {
        return read(text).graph().orElseThrow().main();
    }

    public static List<Diagnostic> problems(String text) {
        return read(text).diagnostics();
    }

    /** The one problem of a text, which must have {@code code}. */
    public static Diagnostic onlyProblem(String text, Code code) {
        List<Diagnostic> all = problems(text);
        assertThat(all).as("problems").hasSize(1);
        assertThat(all.get(0).code()).isEqualTo(code);
        return all.get(0);
    }

    public static Node node(Workflow w, String id) {
        return w.node(id).orElseThrow(() -> new AssertionError("no node " + id));
    }

    public static Edge edge(Workflow w, String id) {
        return w.edges().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("no edge " + id + " in " + ids(w)));
    }

    public static List<String> ids(Workflow w) {
        return w.edges().stream().map(Edge::id).toList();
    }

    /** Where the {@code occurrence}-th (from 1) {@code needle} of {@code text} was written, on one line. */
    public static SourceRef at(String text, String needle, int occurrence) {
        int offset = -1;
        for (int i = 0; i < occurrence; i++) {
            offset = text.indexOf(needle, offset + 1);
            assertThat(offset).as("occurrence %d of %s", i + 1, needle).isNotNegative();
        }
        return locate(text, offset, needle.length());
    }

    public static SourceRef at(String text, String needle) {
        return at(text, needle, 1);
    }

    /** Where {@code needle} was written inside the first {@code context}. */
    public static SourceRef within(String text, String context, String needle) {
        int from = text.indexOf(context);
        assertThat(from).as("where %s is", context).isNotNegative();
        int inside = context.indexOf(needle);
        assertThat(inside).as("%s inside %s", needle, context).isNotNegative();
        return locate(text, from + inside, needle.length());
    }

    private static SourceRef locate(String text, int offset, int length) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return SourceRef.of(FILE, offset, length, line, offset - lineStart + 1);
    }

    /** Where {@code needle} was written, the first time after {@code prefix}. */
    public static SourceRef after(String text, String prefix, String needle) {
        int from = text.indexOf(prefix);
        assertThat(from).as("where %s is", prefix).isNotNegative();
        int offset = text.indexOf(needle, from + prefix.length());
        assertThat(offset).as("%s after %s", needle, prefix).isNotNegative();
        return locate(text, offset, needle.length());
    }

    /** An expression as a compact, fully parenthesized string: precedence and translation made visible. */
    public static String shape(dev.flow.model.Expr e) {
        if (e instanceof dev.flow.model.Expr.Binary b) {
            return "(" + shape(b.left()) + " " + b.op().symbol() + " " + shape(b.right()) + ")";
        } else if (e instanceof dev.flow.model.Expr.Unary u) {
            return u.op().symbol() + shape(u.operand());
        } else if (e instanceof dev.flow.model.Expr.Ref r) {
            return r.path();
        } else if (e instanceof dev.flow.model.Expr.Literal l) {
            return l.value().toString();
        }
        var t = (dev.flow.model.Expr.OutputTest) e;
        return t.quantifier().name().toLowerCase(Locale.ROOT) + t.outputs().stream().map(dev.flow.model.NameRef::name).toList();
    }

    /** The repository's root (tests run in a module folder). */
    public static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("runtime")) ? here : here.getParent();
    }

    /** {@code ../shared/corpus} beside the repository; fails clearly when it is missing. */
    public static Path corpus(String... parts) {
        return shared("corpus").resolve(String.join("/", parts));
    }

    /** {@code ../shared/seeds} beside the repository: the documents the project grew from. */
    public static Path seed(String name) {
        return shared("seeds").resolve(name);
    }

    private static Path shared(String folder) {
        Path path = repositoryRoot().resolve("../shared/" + folder).normalize();
        assertThat(path).as("the shared %s (expected at <repo>/../shared/%s, beside the clone)", folder, folder).isDirectory();
        return path;
    }
}
