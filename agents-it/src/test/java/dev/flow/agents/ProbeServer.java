package dev.flow.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The model server by hand, to see what a CLI sends and prints (README.md, "Probing a CLI"): plays
 * a script file and writes each request to a folder as it arrives, until it is stopped.
 *
 * <pre>
 * java -cp ... dev.flow.agents.ProbeServer SCRIPT RECORD_DIR
 * </pre>
 *
 * Script lines: {@code say TEXT}, {@code write PATH TEXT}, {@code edit PATH OLD => NEW},
 * {@code read PATH}, {@code shell COMMAND}, {@code fail rate_limit|overloaded|server_error|bad_key [TIMES]},
 * {@code cut TEXT}, {@code stall}; {@code \n} in TEXT is a line break.
 */
public final class ProbeServer {

    public static void main(String[] args) throws Exception {
        List<Step> steps = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                Step step = step(line.replace("\\n", "\n"));
                for (int i = times(line); i > 0; i--) {
                    steps.add(step);
                }
            }
        }
        Path record = Files.createDirectories(Path.of(args[1]));
        try (ModelServer server = ModelServer.start()) {
            server.play(steps.toArray(Step[]::new));
            System.out.println(server.baseUrl());
            System.out.flush();
            int written = 0;
            while (true) {
                List<Exchange> all = server.exchanges();
                for (; written < all.size(); written++) {
                    write(record, written, all.get(written));
                }
                Thread.sleep(100);
            }
        }
    }

    /** {@code fail KIND N} plays the failure N times. */
    private static int times(String line) {
        String[] w = line.trim().split(" ");
        return w[0].equals("fail") && w.length == 3 ? Integer.parseInt(w[2]) : 1;
    }

    static Step step(String line) {
        String[] w = line.split(" ", 2);
        String rest = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "say":
                return Step.say(rest);
            case "write": {
                String[] p = rest.split(" ", 2);
                return Step.write(p[0], p.length > 1 ? p[1] : "");
            }
            case "edit": {
                String[] p = rest.split(" ", 2);
                String[] change = p[1].split(" => ", 2);
                return Step.edit(p[0], change[0], change[1]);
            }
            case "read":
                return Step.read(rest);
            case "shell":
                return Step.shell(rest);
            case "fail":
                return Step.fail(Step.Failure.valueOf(rest.trim().split(" ")[0].toUpperCase(Locale.ROOT)));
            case "cut":
                return new Step.Cut(rest);
            case "stall":
                return new Step.Stall();
            default:
                throw new IllegalArgumentException("not a script line: " + line);
        }
    }

    private static void write(Path dir, int i, Exchange e) throws IOException {
        var node = Dialect.object().put("dialect", e.dialect()).put("turn", e.turn()).put("method", e.method()).put("path", e.path())
                .put("query", e.query()).put("step", String.valueOf(e.step()));
        node.set("headers", Dialect.JSON.valueToTree(e.headers()));
        node.set("body", e.body());
        Files.writeString(dir.resolve(String.format("%03d-%s-%s.json", i, e.dialect(), e.turn() ? "turn" : "aside")),
                Dialect.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node));
    }
}
