// The messages of problems with the file, its YAML, its keys and the names it declares and refers to.
extension SpecProblem {
  /// The message, when the problem is one of the file, its YAML, its keys and the names it declares and refers to; nil otherwise.
  var documentMessage: String? {
    switch self {
    case .fileTooLarge(let limit):
      "the spec is larger than \(limit) bytes"
    case .invalidEncoding:
      "the spec is not valid UTF-8 text"
    case .yamlSyntax(let problem):
      problem.message
    case .flowListFollowedByText(let key, let value, let rest):
      "the value of '\(key)' starts with '[', so YAML reads a list that ends at its ']', and '\(rest)' "
        + "can't follow it; quote the whole value: \(key): \(Self.quotedYAML(value))"
    case .emptyDocument:
      "the spec is empty; it needs at least 'feature', 'state' and 'actions'"
    case .multipleDocuments:
      "a spec holds one YAML document; remove the second '---'"
    case .duplicateKey(let key):
      "duplicate key '\(key)'"
    case .unknownAlias(let name):
      "unknown alias '*\(name)'; no anchor '&\(name)' comes before it"
    case .nestedTooDeep(let limit):
      "the document is nested more than \(limit) levels deep"
    case .documentTooLarge(let limit):
      "the document expands to more than \(limit) nodes (are aliases repeating themselves?)"
    case .expected(let what, let found):
      "expected \(what), found \(found)"
    case .keyAtNameIndentation(let what, let found, let key, let kind):
      "expected \(what), found \(found); '\(key)' is a key of \(Subject.a(kind)): if it belongs to the \(kind.rawValue) "
        + "above it, indent it further than that \(kind.rawValue)'s name"
    case .unknownKey(let key, let context, let suggestion):
      "unknown key '\(key)' in \(context)" + didYouMean(suggestion)
    case .missingKey(let key, let context):
      "missing required key '\(key)' in \(context)"
    case .invalidIdentifier(let name, let what, let reason):
      "'\(name)' can't be the name of \(what): \(reason)"
    case .duplicateName(let name, let what):
      "\(what) '\(name)' is declared more than once"
    case .unknownField(let name, let context, let suggestion):
      "unknown field '\(name)' in \(context)" + didYouMean(suggestion)
    case .unknownAction(let name, let suggestion):
      "unknown action '\(name)'" + didYouMean(suggestion)
    case .unknownCase(let name, let type, let suggestion):
      "'\(name)' is not a case of \(type)" + didYouMean(suggestion)
    case .unknownParameter(let name, let action, let suggestion):
      "action '\(action)' has no parameter '\(name)'" + didYouMean(suggestion)
    case .notAField(let name, let type):
      "can't read '\(name)': it would be a field of a value of type \(type), which has no fields"
    case .reservedName(let name, let what, let reason):
      "\(what.withoutArticle) '\(name)' clashes with generated code: \(reason); choose another name"
    case .nameTooLong(let name, let what, let limit):
      "\(what.withoutArticle) '\(name.prefix(20))...' is \(name.count) characters long; keep it within \(limit)"
    default: nil
    }
  }
}
