package dev.flow.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.WritableTypeId;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.type.TypeFactory;
import com.fasterxml.jackson.databind.util.Converter;
import com.fasterxml.jackson.databind.util.NameTransformer;
import com.fasterxml.jackson.databind.util.StdConverter;
import dev.flow.model.AgentCall;
import dev.flow.model.Command;
import dev.flow.model.ExecutionSettings;
import dev.flow.model.Growth;
import dev.flow.model.Isolation;
import dev.flow.model.KvRef;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.model.PromptSyntax;
import dev.flow.model.Sandbox;
import dev.flow.model.SessionMode;
import dev.flow.model.Supervision;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A task spec in JSON: one flat object ({@code "agent"}, {@code "prompt"}, {@code "cwd"}, ...), as
 * {@code docs/graph-format.md} documents it, while the model groups the same settings by what they
 * are about ({@link AgentCall}, {@link ExecutionSettings}, {@link dev.flow.model.Steering}). The
 * flat form is {@link Fields}, whose components are the JSON keys in the order they are written.
 */
final class TaskCodec {
    private TaskCodec() {}

    /**
     * The keys of a task spec, in the order compiled graphs have always written them. A new task
     * setting adds its key here and in {@code docs/graph-format.md}.
     */
    record Fields(
            NameRef agent,
            String role,
            String prompt,
            Command command,
            String cwd,
            List<String> contextFiles,
            Map<String, String> env,
            List<NameRef> gates,
            SessionMode session,
            Sandbox sandbox,
            Isolation isolation,
            PromptSyntax promptSyntax,
            List<KvRef> inputs,
            Supervision supervisor,
            Growth planner) {

        static Fields of(NodeSpec.Task t) {
            AgentCall c = t.call();
            ExecutionSettings e = t.execution();
            return new Fields(c.agent(), c.role(), c.prompt(), t.command(), e.cwd(), c.contextFiles(), e.env(), e.gates(), c.session(),
                    e.sandbox(), e.isolation(), c.promptSyntax(), c.inputs(), t.steering().supervisor(), t.steering().planner());
        }

        NodeSpec.Task toTask() {
            return NodeSpec.Task.builder()
                    .call(c -> c.agent(agent).role(role).prompt(prompt).promptSyntax(promptSyntax).session(session).contextFiles(contextFiles)
                            .inputs(inputs))
                    .command(command)
                    .execution(e -> e.cwd(cwd).env(env).sandbox(sandbox).isolation(isolation).gates(gates))
                    .steering(s -> s.supervisor(supervisor).planner(planner))
                    .build();
        }
    }

    /** Writes a task as its {@link Fields}, inside the object that carries its {@code "kind"}. */
    static final class Serializer extends JsonSerializer<NodeSpec.Task> {
        @Override
        public void serialize(NodeSpec.Task task, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(task);
            fields(task, gen, provider);
            gen.writeEndObject();
        }

        @Override
        public void serializeWithType(NodeSpec.Task task, JsonGenerator gen, SerializerProvider provider, TypeSerializer typeSer)
                throws IOException {
            // the type id is the task's ("kind": "task"); the keys after it are those of its flat form
            WritableTypeId typeId = typeSer.writeTypePrefix(gen, typeSer.typeId(task, JsonToken.START_OBJECT));
            fields(task, gen, provider);
            typeSer.writeTypeSuffix(gen, typeId);
        }

        private static void fields(NodeSpec.Task task, JsonGenerator gen, SerializerProvider provider) throws IOException {
            provider.findValueSerializer(Fields.class).unwrappingSerializer(NameTransformer.NOP).serialize(Fields.of(task), gen, provider);
        }
    }

    /** Reads a task from its {@link Fields}: unknown keys are refused as on every other object. */
    static final class Deserializer extends StdDelegatingDeserializer<NodeSpec.Task> {
        private static final Converter<Object, NodeSpec.Task> TO_TASK = new StdConverter<>() {
            @Override
            public NodeSpec.Task convert(Object fields) {
                return ((Fields) fields).toTask();
            }

            @Override
            public JavaType getInputType(TypeFactory types) {
                return types.constructType(Fields.class);
            }
        };

        Deserializer() {
            super(TO_TASK);
        }

        private Deserializer(JavaType delegateType, JsonDeserializer<?> delegate) {
            super(TO_TASK, delegateType, delegate);
        }

        @Override
        protected StdDelegatingDeserializer<NodeSpec.Task> withDelegate(Converter<Object, NodeSpec.Task> converter, JavaType delegateType,
                JsonDeserializer<?> delegate) {
            return new Deserializer(delegateType, delegate);
        }

        @Override
        public NodeSpec.Task deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            try {
                return super.deserialize(p, ctxt);
            } catch (UnrecognizedPropertyException e) {
                // The message names the class that refused the key: the task's, as it did before the flat form had a class of its own.
                var named = new UnrecognizedPropertyException(p, e.getOriginalMessage().replace(Fields.class.getName(), NodeSpec.Task.class.getName()),
                        e.getLocation(), NodeSpec.Task.class, e.getPropertyName(), e.getKnownPropertyIds());
                var path = new ArrayList<>(e.getPath());
                Collections.reverse(path);
                path.forEach(named::prependPath);
                throw named;
            }
        }
    }
}
