package dev.flow.dsl.ide.hover;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.ArgvCommand;
import dev.flow.dsl.flow.Command;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.ShellCommand;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.Workflow;
import dev.flow.dsl.ide.syntax.SyntaxAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * What a hover shows for a named thing, in Markdown: its kind and name, its type (inputs and state
 * variables) or command (gates and agents), the declaration as written, its description, and where
 * it is defined.
 */
public class FlowDocumentation implements IEObjectDocumentationProvider {
    /** Declarations longer than this are cut in the hover, with an ellipsis. */
    static final int MAX_LINES = 8;

    @Override
    public String getDocumentation(EObject object) {
        String kind = kindOf(object);
        if (kind == null) {
            return null;
        }
        var parts = new ArrayList<String>();
        parts.add("**" + kind + "** `" + SyntaxAccess.name(object) + "`" + typeOf(object));
        String description = descriptionOf(object);
        if (description != null && !description.isBlank()) {
            parts.add(description);
        }
        commandOf(object).ifPresent(c -> parts.add("runs `" + c + "`"));
        String declaration = declarationOf(object);
        if (!declaration.isEmpty()) {
            parts.add("```flow\n" + declaration + "\n```");
        }
        parts.add("defined in " + whereDefined(object));
        return String.join("\n\n", parts);
    }

    /** What the author calls this kind of thing, or null for things without a hover. */
    public static String kindOf(EObject object) {
        if (object instanceof Node node) {
            // the first keyword of the declaration: task, gate, branch, human, ...
            ICompositeNode text = NodeModelUtils.findActualNodeFor(node);
            String first = text == null ? "" : NodeModelUtils.getTokenText(text).strip().split("\\s+", 2)[0];
            return first.isEmpty() ? "node" : first;
        }
        if (object instanceof GateDef) {
            return "gate definition";
        }
        if (object instanceof AgentDef) {
            return "agent";
        }
        if (object instanceof Input) {
            return "input";
        }
        if (object instanceof StateVar) {
            return "state variable";
        }
        if (object instanceof Output output) {
            return output.eContainer() instanceof Node owner ? "output of `" + owner.getName() + "`" : "output";
        }
        if (object instanceof Workflow) {
            return "workflow";
        }
        return null;
    }

    private static String typeOf(EObject object) {
        EObject type = null;
        if (object instanceof Input input) {
            type = input.getType();
        } else if (object instanceof StateVar variable) {
            type = variable.getType();
        }
        if (type == null || NodeModelUtils.findActualNodeFor(type) == null) {
            return "";
        }
        return ": `" + NodeModelUtils.getTokenText(NodeModelUtils.findActualNodeFor(type)) + "`";
    }

    private static String descriptionOf(EObject object) {
        String description = SyntaxAccess.string(object, "description");
        if (description == null) {
            description = SyntaxAccess.string(object, "label");
        }
        return description == null && object instanceof Workflow workflow ? workflow.getTitle() : description;
    }

    private static Optional<String> commandOf(EObject object) {
        Command command = null;
        if (object instanceof GateDef gate) {
            command = gate.getCommand();
        } else if (object instanceof AgentDef agent) {
            command = agent.getCommand();
        } else if (object instanceof Task task) {
            command = task.getCommand();
        }
        return Optional.ofNullable(commandText(command));
    }

    /** A command as a person would type it: the argv joined by spaces, or the shell line. */
    public static String commandText(Command command) {
        if (command instanceof ArgvCommand argv) {
            return argv.getArgs().stream().map(a -> a.contains(" ") ? "'" + a + "'" : a).collect(Collectors.joining(" "));
        }
        if (command instanceof ShellCommand shell) {
            return shell.getLine();
        }
        return null;
    }

    private static String declarationOf(EObject object) {
        ICompositeNode node = NodeModelUtils.findActualNodeFor(object);
        if (node == null || object instanceof Workflow) {
            return "";
        }
        String all = node.getRootNode().getText();
        int lineStart = all.lastIndexOf('\n', node.getOffset() - 1) + 1;
        int indent = node.getOffset() - lineStart;
        List<String> lines = all.substring(node.getOffset(), node.getEndOffset()).lines().toList();
        var text = new ArrayList<String>();
        for (int i = 0; i < lines.size() && i < MAX_LINES; i++) {
            String line = lines.get(i).stripTrailing();
            // continuation lines lose the indentation of the declaration's first line
            int cut = 0;
            while (i > 0 && cut < indent && cut < line.length() && line.charAt(cut) == ' ') {
                cut++;
            }
            text.add(line.substring(cut));
        }
        if (lines.size() > MAX_LINES) {
            text.add("    …");
        }
        return String.join("\n", text);
    }

    private static String whereDefined(EObject object) {
        String file = object.eResource() == null ? "?" : object.eResource().getURI().lastSegment();
        ICompositeNode node = NodeModelUtils.findActualNodeFor(object);
        return node == null ? file : file + ":" + node.getStartLine();
    }
}
