// Every spec problem in the words the user reads.
extension SpecProblem {
  /// What the user reads.
  package var message: String {
    // Each area's messages are those of its cases (MessageTests hold them to it).
    areaMessage ?? "\(self)"
  }

  /// The words the problem's area file gives it; nil where that file lacks its case.
  package var areaMessage: String? {
    switch area {
    case .document: documentMessage
    case .types: typesMessage
    case .conditions: conditionsMessage
    case .derived: derivedMessage
    case .operations: operationsMessage
    case .actions: actionsMessage
    case .examples: examplesMessage
    case .modules: modulesMessage
    case .persistence: persistenceMessage
    case .warnings: warningsMessage
    }
  }

  /// The part of the spec the problem speaks of: which file of Diagnostics/Messages words it.
  package var area: ProblemArea {
    switch self {
    case .fileTooLarge, .invalidEncoding, .yamlSyntax, .flowListFollowedByText, .emptyDocument, .multipleDocuments,
      .duplicateKey, .unknownAlias, .nestedTooDeep, .documentTooLarge, .expected, .keyAtNameIndentation, .unknownKey,
      .missingKey, .invalidIdentifier, .duplicateName, .unknownField, .unknownAction, .unknownCase,
      .unknownParameter, .notAField, .reservedName, .nameTooLong: .document
    case .unknownType, .invalidTypeSyntax, .unsupportedIDType, .invalidDictionaryKey, .optionalDictionaryValue,
      .invalidDefault, .unknownEscape, .missingDefault, .invalidValue, .unknownConformance, .repeatedConformance,
      .usedModelLacksConformance, .missingField, .jsonKeyOutsideModel, .emptyJSONKey, .duplicateJSONKey,
      .valueOutOfRange, .caseWithoutValues, .caseValueWithDefault, .caseValueType, .enumCarriesValues, .caseHidesType,
      .caseValuesClash, .caseValueOfSumEnum: .types
    case .stateReadAsParameter, .readThroughOptional, .notOptionalChained, .subscriptAfterChain, .membershipInCondition, .cannotCompute, .cannotApply, .lookupInCondition,
      .whereReadsOnlyElement, .stateHiddenByField, .nameOfTwoScopes, .filterOverNotModelList, .filterSelectedExists, .noCases,
      .filterReadsFilterResult, .expectedToken, .unexpectedText, .typeMismatch, .notBool, .notNumeric,
      .cannotCompare, .nilAgainstNonOptional, .predicateNotBool, .conditionNeedsFields, .notSortable,
      .caseNeedsValues, .caseValuesMismatch, .caseTestOnNonEnum, .notShownAsText, .bareWordKey: .conditions
    case .arithmeticAfterAggregate, .derivedReadAsStateField, .cannotMultiply, .derivedReadsLater,
      .derivedReadsNothing, .notWeights, .notAggregated, .entryKeyAmbiguous, .entryKeyMismatch, .entryKeyOverList,
      .notArithmeticValue, .lookupInsideField, .unknownDerivation, .notLookup, .derivedNameTaken,
      .derivedParameterSyntax, .derivedParameterNeedsLookup, .derivedParameterUnused, .selectorWithoutParameters,
      .selectorParameter, .selectorInApp, .readsSelector: .derived
    case .indexSetOutsidePayload, .needsOffsets, .notAFilterResult, .moveNeedsParameters, .sortedResult,
      .resultNeedsIDs, .upsertKeyNotID, .branchWithoutOperations, .unknownOperation, .operationSplitAtComma, .setToItself, .caseOrStateField, .notCollection, .noIDField,
      .notAStack, .stackPushNeedsDestination, .unknownDestination, .pushedFieldUnknown, .pushedElementList, .pushedFieldTwice, .builtFieldMissing, .builtElementNotInList, .builtElementOutOfOrder, .builtElementIDTwice, .notPresented, .resetStack,
      .needsValue, .ambiguousValue, .noDefaultToReset, .elementPathNeedsID, .everyElementUnsupported,
      .wholeListInEntry, .everyElementNeedsField, .eachElementNeedsField, .eachElementIdentified, .elementIDChanged,
      .elementReplaced, .duplicateID, .customNotAlone, .notElementField, .elementFieldMissing, .notConditional,
      .elseWithoutIf, .conditionalAsText, .moveInResult, .offsetsInBrackets, .indexOutOfReach: .operations
    case .unknownPolicy, .scopePolicyClash, .unknownEffectScope, .invalidDuration, .exclusiveKeys, .streamTypedFailure, .typedFailureFromUsedSpec, .carriedDeclared,
      .scopeTimingClash, .outcomeLacksCarried, .unfitOutcome, .unknownEffect, .unknownMiddleware, .followUpValue,
      .followUpDelays, .followUpLoop, .cancelsFollowUpsThatDontWait, .needsAsync, .bindingNotASetter, .bindingTaken, .bindingNameTaken,
      .bindingTypeDiffers, .unknownEvent, .outcomeClash, .api, .cache: .actions
    case .storeOnlyKey, .storeExampleNeedsDerivedFailure, .madeValueNotGiven, .waitOutsideStore, .waitWithoutDelays,
      .waitNotHere, .waitTooLong, .waitOrderUnknown, .childActionNotReceived:
      .examples
    case .unreadableFeature, .appNotFeature, .appFeatureNotPublic, .unknownAppFeature, .appValueTypeAmbiguous, .sharedActionNeedsFeatures,
      .sharedActionMissing, .sharedPayloadsDiffer, .unreadableUsedSpec, .usedSpecNotPublic, .usesCycle,
      .unreadableChildSpec, .childSpecHasErrors, .childInActionList, .childSpecNotPublic, .childWithoutID, .childIDType, .childrenCycle, .childLacksConformance,
      .dismissOnList, .unknownChildAction, .dismissOnStartsWork, .handlerPopsWork, .childChangesID, .unknownChild, .handlerSource,
      .handlerStartsWork, .handledTwice, .handlerHearsHandler, .delegateFromChild, .handlerParameter, .grandchildHandlerParameter, .handlerThrough, .grandchildButton, .unknownGrandchild,
      .handlerParameterType, .delegateUnhandled,
      .alertButtonPayload, .alertButtonStartsWork, .unknownAlertRole, .alertDismissTaken, .notAButton, .childFieldNamedLikeAction, .navigationActionShape, .navigationActionKeepsView,
      .childNamedLikeNavigationAction, .viewStoreMemberTwice,
      .showsNeedsStack, .shownListNotModels, .shownFieldMissing, .shownFieldType,
      .unseenByMiddleware,
      .typeDeclaredByUsedSpec, .missingHandWritten, .requirementMissing, .requirementChanged, .requirementRemoved,
      .orphanedScaffold, .missingLiveEffects: .modules
    case .invalidPersistKey, .persistedStack, .unknownStorage, .invalidPersistVersion, .migrationVersion, .migrationStepShape,
      .migrationPath, .migrationNeedsValue, .migrationValue, .retypeUnsupported, .sqliteWholeField,
      .persistedStoreChanged, .persistedFieldWithoutDefault, .persistedFieldRemoved, .persistedFieldRetyped,
      .persistedFieldMaybeRenamed, .persistedFieldRequired, .persistedIdAdded, .persistedEnumCasesRemoved,
      .persistedChangeInDictionary, .persistedVersionLowered, .snapshotUnreadable: .persistence
    case .middlewareHandlesNothing, .untested: .warnings
    }
  }

  /// `text` as a YAML quoted scalar: in double quotes, or in single quotes when it holds `"` or `\`.
  static func quotedYAML(_ text: String) -> String {
    guard text.contains("\"") || text.contains("\\") else { return "\"\(text)\"" }
    return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }
}
