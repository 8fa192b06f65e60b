// Generation speed against libyaml's own parse time. Run by hand, in release mode:
//   swift run -c release GeneratorBenchmark [models] [actions] [runs]
//   swift run -c release GeneratorBenchmark --print-spec [--expressions] [models] [actions]   (the spec, for CompileBenchmark;
//     with --expressions, a fifth of the actions and a tenth of the models' derived values use the expression language)
internal import CYAML
import Foundation
import ReduxGenCore

let printsSpec = CommandLine.arguments.contains("--print-spec")
let usesExpressions = CommandLine.arguments.contains("--expressions")
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let modelCount = arguments.count > 0 ? arguments[0] : 2_000
let actionCount = arguments.count > 1 ? arguments[1] : 5_000
let runs = arguments.count > 2 ? arguments[2] : 5

/// A spec with `models` models, one list per model in the state, and `actions` actions over them.
func syntheticSpec(models: Int, actions: Int, expressions: Bool = false) -> String {
  var text = "feature: Synthetic\naccess: public\nmodels:\n"
  for index in 0..<models {
    text += "  Model\(index):\n    fields:\n      id: UUID\n      name: String\n"
    text += "      count: Int = 0\n      flag: Bool = false\n      note: String?\n"
  }
  text += "state:\n  total: Int = 0\n"
  for index in 0..<models { text += "  list\(index): [Model\(index)]\n" }
  if expressions {
    text += "  label: String = \"\"\nderived:\n"
    for index in stride(from: 0, to: models, by: 10) {
      text += "  busy\(index): \"!list\(index).isEmpty && total > \(index % 5)\"\n"
    }
  }
  text += "actions:\n"
  for index in 0..<actions {
    let model = index % models
    if expressions, index % 10 == 3 {
      text += "  weigh\(index):\n    payload: { amount: Int }\n"
      text += "    reduce: set total = abs(total - amount) + min(total, \(index % 7 + 1))\n"
      continue
    }
    if expressions, index % 10 == 8 {
      text += "  label\(index):\n    reduce: set label = list\(model).last?.name.lowercased ?? label + \"!\"\n"
      continue
    }
    switch index % 5 {
    case 0: text += "  add\(index):\n    payload: { item: Model\(model) }\n    reduce: append list\(model)\n"
    case 1: text += "  remove\(index):\n    payload: { id: UUID }\n    reduce: remove list\(model)[id]\n"
    case 2: text += "  flip\(index):\n    payload: { id: UUID }\n    reduce: toggle list\(model)[id].flag\n"
    case 3: text += "  bump\(index):\n    payload: { amount: Int }\n    reduce: increment total by amount\n"
    default: text += "  clear\(index):\n    reduce: reset list\(model)\n"
    }
  }
  return text
}

/// libyaml's bare event loop: parse every event, keep nothing.
func libyamlEvents(_ text: String) -> Int {
  var bytes = Array(text.utf8)
  var parser = yaml_parser_t()
  yaml_parser_initialize(&parser)
  defer { yaml_parser_delete(&parser) }
  var count = 0
  bytes.withUnsafeMutableBufferPointer { buffer in
    yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
    var event = yaml_event_t()
    while yaml_parser_parse(&parser, &event) == 1 {
      let done = event.type == YAML_STREAM_END_EVENT
      yaml_event_delete(&event)
      count += 1
      if done { break }
    }
  }
  return count
}

func median(_ values: [Duration]) -> Duration {
  values.sorted()[values.count / 2]
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let spec = syntheticSpec(models: modelCount, actions: actionCount, expressions: usesExpressions)
if printsSpec {
  print(spec, terminator: "")
  exit(0)
}
let clock = ContinuousClock()
var parseTimes: [Duration] = []
var generateTimes: [Duration] = []
var loadTimes: [Duration] = []
var checkTimes: [Duration] = []
var events = 0
var outputBytes = 0
var translateTimes: [Duration] = []
var renderTimes: [Duration] = []
var freeTimes: [Duration] = []
for _ in 0..<runs {
  // Each timed step starts as a new process would: no earlier run's code models still being
  // freed on another core (the pipeline frees them off the path to the files).
  GeneratorPipeline.settle()
  loadTimes.append(
    clock.measure {
      var diagnostics = DiagnosticCollector()
      _ = YAMLLoader().load(spec, path: "synthetic.yaml", diagnostics: &diagnostics)
    })
  checkTimes.append(clock.measure { _ = try! DocumentChecking.checkFeature(spec, path: "synthetic.yaml") })
  parseTimes.append(clock.measure { events = libyamlEvents(spec) })
  GeneratorPipeline.settle()
  generateTimes.append(
    clock.measure {
      let result = try! GeneratorPipeline.generate(spec, path: "synthetic.yaml")
      outputBytes = result.files.reduce(0) { $0 + $1.contents.utf8.count }
    })
  // The stages after the check, one after another on one core; their output must be the run's.
  let (checked, _) = try! DocumentChecking.checkFeature(spec, path: "synthetic.yaml")
  GeneratorPipeline.settle()
  let stages = GeneratorPipeline.stageTimes(for: checked)
  translateTimes.append(stages.translate)
  renderTimes.append(stages.render)
  freeTimes.append(stages.free)
  let generated = try! GeneratorPipeline.generate(spec, path: "synthetic.yaml").files
    .filter { $0.ownership == .generated }.map(\.contents)
  guard generated.sorted() == stages.contents.sorted() else {
    print("error: the stages timed one by one made other files than the pipeline")
    exit(1)
  }
}
let parse = seconds(median(parseTimes))
let generate = seconds(median(generateTimes))
print("spec: \(modelCount) models, \(actionCount) actions, \(spec.utf8.count) bytes, \(events) events")
print("output: \(outputBytes) bytes of Swift")
print("  of which: load into nodes \(format3(seconds(median(loadTimes)) * 1000)) ms, load + check \(format3(seconds(median(checkTimes)) * 1000)) ms")
let (translate, render, free) = (median(translateTimes), median(renderTimes), median(freeTimes))
print(
  "  after the check, on one core: translate \(format3(seconds(translate) * 1000)) ms, render "
    + "\(format3(seconds(render) * 1000)) ms, free \(format3(seconds(free) * 1000)) ms; "
    + "on two cores at best half of their sum, \(format3(seconds(translate + render + free) * 500)) ms")
print("libyaml event loop (median of \(runs)): \(String(format3(parse * 1000))) ms")
print("redux-gen generate  (median of \(runs)): \(String(format3(generate * 1000))) ms")
print("ratio: \(format3(generate / parse))x libyaml's parse time (target: <= 8x)")

func format3(_ value: Double) -> String {
  let scaled = (value * 1000).rounded() / 1000
  return String(scaled)
}
