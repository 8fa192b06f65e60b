// Written by SchemaTests from docs/redux-gen.schema.json (REDUX_GEN_RECORD=1): don't edit by hand.
extension SpecSchema {
  package static let json = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "redux-gen.schema.json",
      "title": "redux-gen spec",
      "description": "A redux-gen feature spec (feature: Name) or app document (app: Name). Editors check and complete specs with it; redux-gen's checker stays the authority and gives the precise errors (docs/spec-language.md).",
      "$comment": "The keys of each mapping are the checker's (SpecKeys in Sources/ReduxGenCore/Checking/SpecKeys.swift); SchemaTests holds them equal.",
      "type": "object",
      "if": {
        "required": [
          "app"
        ]
      },
      "then": {
        "$ref": "#/$defs/app"
      },
      "else": {
        "$ref": "#/$defs/feature"
      },
      "$defs": {
        "identifier": {
          "description": "A Swift identifier: letters, digits and '_', not starting with a digit; at most 60 characters. Swift keywords work (they are written with backticks).",
          "type": "string",
          "pattern": "^[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$",
          "if": {
            "pattern": "^[ -~]*$"
          },
          "then": {
            "maxLength": 60
          }
        },
        "typeName": {
          "description": "A type name: an identifier that starts with an upper-case letter, at most 60 characters.",
          "type": "string",
          "pattern": "^[^\\x00-\\x40\\x5B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$",
          "if": {
            "pattern": "^[ -~]*$"
          },
          "then": {
            "maxLength": 60
          }
        },
        "name": {
          "description": "A name written as a YAML value: an identifier. (YAML reads true, false and null as other types; the checker reads every value as text, so they are let through here.)",
          "type": [
            "string",
            "boolean",
            "null"
          ],
          "pattern": "^[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$",
          "if": {
            "type": "string",
            "pattern": "^[ -~]*$"
          },
          "then": {
            "maxLength": 60
          }
        },
        "typeNameValue": {
          "description": "A type name written as a YAML value: an identifier that starts with an upper-case letter, at most 60 characters.",
          "type": [
            "string",
            "boolean",
            "null"
          ],
          "pattern": "^[^\\x00-\\x40\\x5B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$",
          "if": {
            "type": "string",
            "pattern": "^[ -~]*$"
          },
          "then": {
            "maxLength": 60
          }
        },
        "names": {
          "description": "One name, or a list of names.",
          "anyOf": [
            {
              "$ref": "#/$defs/name"
            },
            {
              "type": "array",
              "items": {
                "$ref": "#/$defs/name"
              }
            }
          ]
        },
        "text": {
          "description": "Text: any YAML scalar (the checker reads every scalar as text).",
          "type": [
            "string",
            "number",
            "boolean",
            "null"
          ]
        },
        "conformance": {
          "description": "A conformance redux-gen generates on request.",
          "enum": [
            "Codable",
            "Hashable"
          ]
        },
        "conformances": {
          "description": "Codable or Hashable, beyond what the spec's use needs. Codable comes with persistence (the persisted fields' models), json keys, and what a Codable type holds; Hashable with the payload of a request kept while fresh. Every model is always Equatable and Sendable, and Identifiable with an id field.",
          "oneOf": [
            {
              "$ref": "#/$defs/conformance"
            },
            {
              "type": "array",
              "items": {
                "$ref": "#/$defs/conformance"
              },
              "uniqueItems": true
            }
          ],
          "examples": [
            [
              "Codable"
            ],
            [
              "Codable",
              "Hashable"
            ]
          ]
        },
        "flag": {
          "description": "true or false.",
          "anyOf": [
            {
              "type": "boolean"
            },
            {
              "enum": [
                "true",
                "false"
              ]
            }
          ]
        },
        "path": {
          "description": "A path to another spec, relative to this file.",
          "type": "string",
          "minLength": 1,
          "examples": [
            "products.yaml"
          ]
        },
        "type": {
          "description": "A type as Swift writes it: String, Int, Int64, Double, Float, Bool, UUID, Date, URL, Data, Decimal, a model or enum of the spec (or of a spec it uses), T?, [T] or [K: V] (K: String, Int, UUID or an enum); IndexSet for a payload parameter alone. Quote dictionaries (\"[String: Int]\"); an unquoted [T] is YAML's list of one item, which means an array of T.",
          "anyOf": [
            {
              "type": "string",
              "minLength": 1
            },
            {
              "type": "array",
              "minItems": 1,
              "maxItems": 1,
              "items": {
                "type": "string",
                "minLength": 1
              }
            }
          ],
          "examples": [
            "String",
            "Int?",
            "[Task]",
            "[String: Int]"
          ]
        },
        "field": {
          "description": "A field in the long form: its type, default, doc comment and (for a model's field) JSON key.",
          "type": "object",
          "required": [
            "type"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "$ref": "#/$defs/type",
              "description": "The field's type, as Swift writes it: String, Int, Task?, [Task], \"[String: Int]\"."
            },
            "default": {
              "description": "The initial value, checked against the type: true, 0, 1.5, \"text\", [], [:], nil, an enum case (active or .active), {} for a model built from its own defaults; in a payload, new (a UUID) or now (a Date) is made by the action's creator.",
              "examples": [
                0,
                "",
                "nil",
                "new",
                "now"
              ]
            },
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The field's doc comment."
            },
            "json": {
              "description": "The key the field has in JSON, when the JSON a model is read from spells it otherwise (models' fields only). The model gets CodingKeys.",
              "type": [
                "string",
                "number",
                "boolean"
              ],
              "minLength": 1,
              "examples": [
                "temperature_2m_max"
              ]
            }
          }
        },
        "fieldDeclaration": {
          "description": "A field: 'Type', 'Type = default', or the long form { type, default, doc, json }. Without a default, optionals start as nil, arrays as [], dictionaries as [:], and a UUID field named id as a fresh UUID().",
          "anyOf": [
            {
              "type": "string",
              "minLength": 1,
              "description": "'Type' or 'Type = default'."
            },
            {
              "type": "array",
              "minItems": 1,
              "maxItems": 1,
              "items": {
                "type": "string",
                "minLength": 1
              },
              "description": "[T]: YAML's list of one type, an array of T."
            },
            {
              "$ref": "#/$defs/field"
            }
          ],
          "examples": [
            "Int = 0",
            "String?",
            "[Task]",
            "\"[String: Int]\"",
            {
              "type": "Int",
              "default": 100,
              "doc": "Number of pages."
            }
          ]
        },
        "fields": {
          "description": "Fields by name: 'name: Type', 'name: Type = default', or the long form 'name: { type, default, doc }'.",
          "type": [
            "object",
            "null"
          ],
          "propertyNames": {
            "$ref": "#/$defs/identifier"
          },
          "additionalProperties": {
            "$ref": "#/$defs/fieldDeclaration"
          }
        },
        "model": {
          "description": "A model: a struct that is Equatable and Sendable (and Identifiable with an id field), Codable and Hashable where the spec uses them or asks for them (conformances), with a memberwise initializer taking the defaults.",
          "type": "object",
          "required": [
            "fields"
          ],
          "additionalProperties": false,
          "properties": {
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The model's doc comment."
            },
            "conformances": {
              "$ref": "#/$defs/conformances",
              "description": "Codable or Hashable for this model and the models its fields hold: for hand-written code that encodes it or keeps it in a Set."
            },
            "fields": {
              "$ref": "#/$defs/fields",
              "description": "The model's fields. A field without a default becomes a required initializer parameter; an id is UUID, Int, Int64 or String."
            }
          },
          "examples": [
            {
              "doc": "A book on the shelf.",
              "fields": {
                "id": "UUID",
                "title": "String",
                "isRead": "Bool = false"
              }
            }
          ]
        },
        "cases": {
          "description": "The enum's cases, at least one, each once.",
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/name"
          },
          "examples": [
            [
              "low",
              "medium",
              "high"
            ]
          ]
        },
        "enumeration": {
          "description": "An enum in the long form, with a doc comment.",
          "type": "object",
          "required": [
            "cases"
          ],
          "additionalProperties": false,
          "properties": {
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The enum's doc comment."
            },
            "cases": {
              "$ref": "#/$defs/cases",
              "description": "The enum's cases, at least one, each once."
            }
          }
        },
        "enumDeclaration": {
          "description": "An enum: a list of cases ([low, medium, high]) or { doc, cases }. It becomes a String-backed enum that is CaseIterable, Codable, Hashable and Sendable; values write a case as high or .high.",
          "anyOf": [
            {
              "$ref": "#/$defs/cases"
            },
            {
              "$ref": "#/$defs/enumeration"
            }
          ],
          "examples": [
            [
              "low",
              "medium",
              "high"
            ],
            {
              "doc": "How the day feels.",
              "cases": [
                "calm",
                "busy"
              ]
            }
          ]
        },
        "filter": {
          "description": "A filter: an enum of named views over a list of models in the state, a state field holding the selected case, and a derived property applying it.",
          "type": "object",
          "required": [
            "over",
            "cases"
          ],
          "additionalProperties": false,
          "properties": {
            "over": {
              "$ref": "#/$defs/name",
              "description": "The state field it filters: a list of a model.",
              "examples": [
                "items"
              ]
            },
            "selected": {
              "$ref": "#/$defs/name",
              "description": "The state field created for the current case (default: filter).",
              "examples": [
                "filter"
              ]
            },
            "default": {
              "description": "The initial case (default: the first).",
              "type": [
                "string",
                "boolean",
                "null"
              ],
              "pattern": "^\\.?[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$",
              "examples": [
                "open"
              ]
            },
            "result": {
              "$ref": "#/$defs/name",
              "description": "The derived property holding the filtered list (default: filtered + the list's name, as filteredItems).",
              "examples": [
                "visibleItems"
              ]
            },
            "cases": {
              "description": "The cases, each a predicate over the element's fields (and the state's fields and derived values): !, &&, ||, parentheses, ==, !=, <, <=, >, >=, literals (true, false, nil, numbers, \"strings\", .case) and paths that may end in .count or .isEmpty.",
              "type": "object",
              "minProperties": 1,
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "description": "A predicate over the element's fields: true, \"!isDone\", \"priority >= 3 && !isDone\".",
                "type": [
                  "string",
                  "boolean"
                ],
                "examples": [
                  true,
                  "!isDone",
                  "priority >= threshold"
                ]
              },
              "examples": [
                {
                  "all": true,
                  "open": "!isDone"
                }
              ]
            },
            "sort": {
              "description": "Sort keys of the result: fields of the element, '-' first for descending (numbers, text, dates, Bool and enums); ties keep list order.",
              "anyOf": [
                {
                  "type": [
                    "string",
                    "boolean",
                    "null"
                  ],
                  "pattern": "^-?[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$"
                },
                {
                  "type": "array",
                  "items": {
                    "type": [
                      "string",
                      "boolean",
                      "null"
                    ],
                    "pattern": "^-?[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$"
                  }
                }
              ],
              "examples": [
                [
                  "-priority",
                  "title"
                ]
              ]
            }
          }
        },
        "derivedValues": {
          "description": "Derived values by name, NAME or NAME(PARAMETER): a feature's or an app's.",
          "type": [
            "object",
            "null"
          ],
          "propertyNames": {
            "anyOf": [
              {
                "$ref": "#/$defs/identifier"
              },
              {
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*\\( *[A-Za-z_][A-Za-z0-9_]* *\\)$"
              }
            ]
          },
          "additionalProperties": {
            "$ref": "#/$defs/derivedValue"
          }
        },
        "derivedValue": {
          "description": "A value computed from the state: count LIST [where CONDITION], all LIST where CONDITION, any LIST where CONDITION, isEmpty LIST, sum LIST.FIELD [* FIELD | * WEIGHTS[KEY]] [where CONDITION], a lookup COLLECTION[KEY] [?? VALUE] (a dictionary by key, a list of models by id, with another state field's value or the value's parameter; VALUE when the key names nothing), a lookup of many COLLECTION[KEYS] (each key of a list field, in its order), or arithmetic A + B, A - B, A * B, A / B over numeric state fields, derived values written before and literals, with parentheses (Int, Int64, Double; an integer and a Double make a Double; division by zero gives 0).",
          "type": "string",
          "pattern": "^ *((count|all|any|isEmpty|sum)(?![A-Za-z0-9_])|[^ \\[]+ *\\[|[(0-9-]|[A-Za-z_][A-Za-z0-9_.]* *[-+*/%])",
          "examples": [
            "count items where !bought",
            "sum items.price",
            "items[selectedID]",
            "quantities[productID] ?? 0",
            "products[cartIDs]",
            "budget - spent"
          ]
        },
        "reduceOperation": {
          "description": "One reduce operation; its first word is one of set, append, prepend, add, upsert, remove, update, toggle, increment, decrement, sort, move, reset, clear, custom. For example: set PATH [= VALUE] (a number may be arithmetic over payload values: set total = price * quantity), append LIST [= P], prepend LIST [= P], add LIST = P (unless the list holds it), upsert LIST [= P], remove LIST[ID] / remove LIST at OFFSETS [in RESULT] / remove LIST where CONDITION, update LIST[ID], toggle PATH, increment PATH [by N], decrement PATH [by N], sort LIST [by KEY, -KEY], move LIST [from O to D] [in RESULT], reset PATH, clear COLLECTION, custom (hand-written, alone).",
          "type": "string",
          "pattern": "^ *(set|append|prepend|add|upsert|remove|update|toggle|increment|decrement|sort|move|reset|clear|custom)(?![A-Za-z0-9_])",
          "examples": [
            "increment count by amount",
            "append tasks",
            "toggle tasks[id].isCompleted",
            "set filter",
            "remove tasks where isCompleted",
            "custom"
          ]
        },
        "reduceCondition": {
          "description": "A condition: 'if CONDITION: OPERATIONS', then maybe 'else if CONDITION: ...' and 'else: ...' (as keys of this mapping or of the items that follow). The condition reads the payload, the state, derived values and filter results, once, as the action arrives.",
          "type": "object",
          "propertyNames": {
            "pattern": "^ *((else +)?if(?![A-Za-z0-9_])|else *$)"
          },
          "additionalProperties": {
            "$ref": "#/$defs/reduce"
          },
          "examples": [
            {
              "if todos.count < limit": "append todos"
            },
            {
              "else": "set warning = \"Too many\""
            }
          ]
        },
        "reduce": {
          "description": "One reduce operation or a list applied in order; an item may be a condition ('- if CONDITION: OPERATIONS', '- else: OPERATIONS'). An inline list ([a, b]) can't hold '[' or ']' in an item: write a block list or quote the item.",
          "anyOf": [
            {
              "$ref": "#/$defs/reduceOperation"
            },
            {
              "$ref": "#/$defs/reduceCondition"
            },
            {
              "type": "array",
              "items": {
                "anyOf": [
                  {
                    "$ref": "#/$defs/reduceOperation"
                  },
                  {
                    "$ref": "#/$defs/reduceCondition"
                  }
                ]
              }
            }
          ],
          "examples": [
            "increment count",
            [
              "increment score by points",
              "set title = \"Bonus!\""
            ]
          ]
        },
        "outcome": {
          "description": "The payload of the new outcome action (fields by name; empty when null), or the name of an action the spec declares, which then is the outcome.",
          "anyOf": [
            {
              "$ref": "#/$defs/name"
            },
            {
              "$ref": "#/$defs/fields"
            }
          ]
        },
        "duration": {
          "description": "A whole number of milliseconds (300ms) or seconds with up to three decimals (1.5s); above zero, at most a day.",
          "type": "string",
          "pattern": "^ *[0-9]{1,9}(\\.[0-9]+)?m?s *$",
          "examples": [
            "300ms",
            "1s",
            "1.5s"
          ]
        },
        "async": {
          "description": "Makes the action a request: it expands into the action, <name>Succeeded and <name>Failed, and the effects protocol gets a requirement for it, called by the generated effects middleware.",
          "type": [
            "object",
            "null"
          ],
          "additionalProperties": false,
          "not": {
            "type": "object",
            "required": [
              "debounce",
              "throttle"
            ]
          },
          "properties": {
            "success": {
              "$ref": "#/$defs/outcome",
              "description": "The success action's payload ({ user: User }; the effect returns it), or the name of an action the spec declares, which is then the success (no onSuccess).",
              "examples": [
                {
                  "user": "User"
                },
                "setPlaces"
              ]
            },
            "failure": {
              "$ref": "#/$defs/outcome",
              "description": "The failure action's payload (default { message: String }); { error: T } makes T, an enum or model of this spec, the effect's typed error; or the name of an action the spec declares.",
              "examples": [
                {
                  "message": "String"
                },
                {
                  "error": "WeatherError"
                }
              ]
            },
            "status": {
              "$ref": "#/$defs/name",
              "description": "A RequestStatus state field, created for it: loading, succeeded, failed(message). With optional, only for an operation under a condition on the payload (then idle where it doesn't hold).",
              "examples": [
                "loadStatus"
              ]
            },
            "policy": {
              "description": "What a new request does while others of its scope run: latest (cancels them; the default), every (runs beside them), queue (waits for them), exhaust (is dropped).",
              "enum": [
                "latest",
                "every",
                "queue",
                "exhaust"
              ]
            },
            "scope": {
              "$ref": "#/$defs/name",
              "description": "The scope the request belongs to (default: the action's name); requests of one scope share its policy and are cancelled together.",
              "examples": [
                "collection"
              ]
            },
            "debounce": {
              "$ref": "#/$defs/duration",
              "description": "The request waits this long; a newer request of its scope made meanwhile replaces it. Not with throttle."
            },
            "throttle": {
              "$ref": "#/$defs/duration",
              "description": "Requests start at most once per interval; one made sooner waits for the interval's end, and a newer one replaces it. Not with debounce."
            },
            "carry": {
              "$ref": "#/$defs/names",
              "description": "Request parameters that both outcomes' payloads get, as they were: the effect doesn't return them. error can't be carried.",
              "examples": [
                [
                  "place"
                ]
              ]
            },
            "successName": {
              "$ref": "#/$defs/name",
              "description": "The new success action's name, instead of <request>Succeeded.",
              "examples": [
                "forecastLoaded"
              ]
            },
            "failureName": {
              "$ref": "#/$defs/name",
              "description": "The new failure action's name, instead of <request>Failed.",
              "examples": [
                "forecastFailed"
              ]
            },
            "effect": {
              "$ref": "#/$defs/name",
              "description": "The effects protocol's method name (default: the request's).",
              "examples": [
                "forecast"
              ]
            },
            "readsState": {
              "$ref": "#/$defs/flag",
              "description": "true: the effect gets state:, a snapshot of the state as the request leaves it (its own reduce applied)."
            },
            "optional": {
              "$ref": "#/$defs/flag",
              "description": "true: the effect returns an optional, and nil ends the request without an outcome. With status, only for an operation under a condition on the payload."
            },
            "operation": {
              "type": "string",
              "description": "The operationId of the spec's OpenAPI document ('api:') that performs the request, as the document writes it ('search/repos' too), optionally followed by 'if CONDITION' (over the payload, and 'state.FIELD' with readsState): when the condition doesn't hold, nothing is sent and the request ends without an outcome ('optional: true'). redux-gen generates <Feature>APIEffects calling swift-openapi-generator's Client.",
              "pattern": "^[^ ]+( if .+)?$",
              "examples": [
                "searchVolumes",
                "searchPlaces if !query.isEmpty"
              ]
            },
            "request": {
              "type": "object",
              "description": "The operation's inputs (path, query and header parameters, JSON body properties) by name, each a payload parameter (or its field, 'book.id'), 'state.FIELD' with readsState, or a constant: a quoted string, a number, true or false. An input named like a payload parameter needs no entry.",
              "additionalProperties": {
                "type": [
                  "string",
                  "number",
                  "boolean"
                ]
              },
              "examples": [
                {
                  "shelf": "0",
                  "volumeId": "book.id"
                }
              ]
            },
            "response": {
              "type": "object",
              "description": "Where the success's payload is in the response's JSON, by payload path ('books', 'books[].title', 'forecast.windSpeed'): a property path, '.' between properties, '[0]' for an array's first element, '.' alone for the whole body. A field named like a property (or its 'json' key) needs no entry; a field with a default may be left out.",
              "additionalProperties": {
                "type": "string",
                "pattern": "^([.$]|[A-Za-z_][A-Za-z0-9_]*(\\[0\\])?(\\.[A-Za-z_][A-Za-z0-9_]*(\\[0\\])?)*)$"
              },
              "examples": [
                {
                  "books": "items",
                  "books[].title": "volumeInfo.title"
                }
              ]
            },
            "errors": {
              "type": "object",
              "description": "For a typed failure ('failure: { error: ENUM }'): the case each documented error status becomes ('404', '4XX'), and 'default' for the others, undocumented statuses and requests that don't complete (required).",
              "propertyNames": {
                "pattern": "^([1-5][0-9][0-9]|[1-5]XX|default)$"
              },
              "additionalProperties": {
                "$ref": "#/$defs/identifier"
              },
              "examples": [
                {
                  "403": "quotaReached",
                  "default": "offline"
                }
              ]
            },
            "fresh": {
              "$ref": "#/$defs/duration",
              "description": "How long the request's answer stays fresh ('60s', '300s'): a request with the same payload within it is answered from the effects middleware's ResponseCache, without calling the effect (RTK Query's cache).",
              "examples": [
                "300s"
              ]
            },
            "provides": {
              "$ref": "#/$defs/cacheTags",
              "description": "Cache tags (a name, or a name with a payload value: 'volume(id)') the request's kept answers provide (with 'fresh'): an action that 'invalidates' one of them empties those answers (RTK Query's providesTags).",
              "examples": [
                [
                  "collection"
                ],
                [
                  "collection",
                  "volume(book.id)"
                ]
              ]
            }
          },
          "examples": [
            {
              "success": {
                "user": "User"
              },
              "status": "loadStatus"
            }
          ]
        },
        "action": {
          "description": "An action: a case of <Feature>Action whose payload is its labelled associated values, and what the reducer does with it.",
          "type": [
            "object",
            "null"
          ],
          "additionalProperties": false,
          "dependentRequired": {
            "onSuccess": [
              "async"
            ],
            "onFailure": [
              "async"
            ]
          },
          "$comment": "dependencies repeats dependentRequired for editors that validate by draft 7 (yaml-language-server).",
          "dependencies": {
            "onSuccess": [
              "async"
            ],
            "onFailure": [
              "async"
            ]
          },
          "properties": {
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The action case's doc comment."
            },
            "payload": {
              "$ref": "#/$defs/fields",
              "description": "The action's parameters: 'name: Type', with a default ('= new' for a UUID, '= now' for a Date made by the action's creator) or the long form.",
              "examples": [
                {
                  "id": "UUID",
                  "title": "String"
                }
              ]
            },
            "reduce": {
              "$ref": "#/$defs/reduce",
              "description": "One reduce operation or a list applied in order; without reduce the action leaves the state alone (middleware acts on it)."
            },
            "async": {
              "$ref": "#/$defs/async",
              "description": "Makes the action a request whose effect runs in the effects middleware; it expands into the action, <name>Succeeded and <name>Failed. May be empty (async: {}) for the defaults."
            },
            "onSuccess": {
              "$ref": "#/$defs/reduce",
              "description": "Reduce operations of the success action, over its payload (needs async).",
              "examples": [
                "set user = user"
              ]
            },
            "onFailure": {
              "$ref": "#/$defs/reduce",
              "description": "Reduce operations of the failure action, over its payload (needs async).",
              "examples": [
                "set lastError = message"
              ]
            },
            "cancels": {
              "$ref": "#/$defs/names",
              "description": "Effect scopes or async actions (meaning their scopes) whose requests, running or queued, the action cancels before it reaches the reducer.",
              "examples": [
                [
                  "search"
                ]
              ]
            },
            "then": {
              "description": "Follow-up actions dispatched after this action's reduce (by the generated <Feature>FollowUps middleware): an action's name, maybe followed by 'after' and a duration (300ms, 1.5s: dispatched once the wait has passed with no newer trigger, which replaces it) and by 'if' and a condition over the payload and the state after the reduce; one or a list. Each parameter of the follow-up is the trigger's parameter of its name, else the state field of its name, else its default.",
              "oneOf": [
                {
                  "type": "string"
                },
                {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                }
              ],
              "examples": [
                "sortTodos",
                "sortTodos after 1s",
                [
                  "search if !query.isEmpty",
                  "clearResults if query.isEmpty"
                ]
              ]
            },
            "binding": {
              "type": "boolean",
              "description": "Binds the state field this action sets (one payload parameter, reduce 'set FIELD') to a form control: the feature's ViewStore gets FIELDBinding, which dispatches the action.",
              "examples": [
                true
              ]
            },
            "invalidates": {
              "$ref": "#/$defs/cacheTags",
              "description": "Cache tags (a name, or a name with a payload value: 'volume(id)') whose kept answers this action empties, so the requests that provide them call their effects again: when the action passes the effects middleware, or for an async action when its success does (RTK Query's invalidatesTags).",
              "examples": [
                [
                  "collection"
                ],
                [
                  "collection",
                  "volume(book.id)"
                ]
              ]
            }
          },
          "examples": [
            {
              "payload": {
                "amount": "Int"
              },
              "reduce": "increment count by amount"
            }
          ]
        },
        "middleware": {
          "description": "A middleware: a protocol <Name>Protocol with one requirement per action in on, and a scaffold created once. Order in the spec is order in the chain.",
          "type": [
            "object",
            "null"
          ],
          "additionalProperties": false,
          "properties": {
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The middleware's doc comment."
            },
            "on": {
              "$ref": "#/$defs/names",
              "description": "The actions it handles: one requirement each, returning the action to pass on or nil to stop it.",
              "examples": [
                [
                  "addNote"
                ]
              ]
            },
            "dispatches": {
              "$ref": "#/$defs/names",
              "description": "The actions it may dispatch (documentation, checked against the spec).",
              "examples": [
                [
                  "addNote"
                ]
              ]
            },
            "emits": {
              "$ref": "#/$defs/names",
              "description": "The events it may emit: its requirements take an emitter with exactly these events.",
              "examples": [
                [
                  "welcome"
                ]
              ]
            }
          }
        },
        "step": {
          "description": "An action: its name alone, or 'name: { parameter: value }'.",
          "anyOf": [
            {
              "$ref": "#/$defs/name"
            },
            {
              "type": "object",
              "minProperties": 1,
              "maxProperties": 1,
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "type": [
                  "object",
                  "null"
                ],
                "description": "The payload: parameters by name; omitted ones take their defaults."
              }
            }
          ],
          "examples": [
            "bump",
            {
              "finish": {
                "id": 2
              }
            }
          ]
        },
        "steps": {
          "description": "Actions, in order: a list (or one) of 'name' or 'name: { parameter: value }'.",
          "anyOf": [
            {
              "type": "null"
            },
            {
              "$ref": "#/$defs/step"
            },
            {
              "type": "array",
              "items": {
                "$ref": "#/$defs/step"
              }
            }
          ]
        },
        "effectOutcome": {
          "description": "What every call of the effect does: succeeds (it returns nothing), { returns: VALUE }, or { fails: ERROR }.",
          "anyOf": [
            {
              "const": "succeeds"
            },
            {
              "type": "object",
              "minProperties": 1,
              "maxProperties": 1,
              "additionalProperties": false,
              "properties": {
                "returns": {
                  "description": "What the effect returns: the success action's own field (one value, or a mapping of several); nil for an optional effect."
                },
                "fails": {
                  "description": "What the effect throws: a typed error's value, or a message (the failure's message)."
                }
              }
            }
          ],
          "examples": [
            "succeeds",
            {
              "returns": {
                "id": "p1",
                "name": "Ada"
              }
            },
            {
              "fails": "offline"
            }
          ]
        },
        "example": {
          "description": "An example: a state, actions, and what must hold afterwards. It becomes a Swift Testing test.",
          "type": "object",
          "required": [
            "name"
          ],
          "additionalProperties": false,
          "properties": {
            "name": {
              "description": "What the example shows: the test's title (at most 80 characters).",
              "type": [
                "string",
                "number",
                "boolean"
              ],
              "pattern": "\\S",
              "examples": [
                "finishing an entry marks it done"
              ]
            },
            "given": {
              "description": "State fields to set first, by name; the others keep their defaults.",
              "type": [
                "object",
                "null"
              ],
              "examples": [
                {
                  "entries": [
                    {
                      "id": 1,
                      "label": "Milk"
                    }
                  ]
                }
              ]
            },
            "when": {
              "$ref": "#/$defs/steps",
              "description": "The actions to send, in order: 'name' or 'name: { payload }'. Without when, the example checks the given state as it is.",
              "examples": [
                [
                  {
                    "finish": {
                      "id": 2
                    }
                  },
                  "bump"
                ]
              ]
            },
            "then": {
              "description": "Expected values by path: state fields, derived values, filter results, .count, .isEmpty, [index], dictionary entries [key], nested fields.",
              "type": [
                "object",
                "null"
              ],
              "examples": [
                {
                  "entries[1].done": true,
                  "total": 1
                }
              ]
            },
            "through": {
              "description": "store runs the example through a TestStore (the spec's middleware and the effects middleware); reducer (the default without effects and receive) runs the reducer alone.",
              "enum": [
                "store",
                "reducer"
              ]
            },
            "effects": {
              "description": "What each effect method (by its name) does in this example: succeeds, { returns: VALUE } or { fails: ERROR }. Runs the example through the store.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "$ref": "#/$defs/effectOutcome"
              },
              "examples": [
                {
                  "load": {
                    "returns": {
                      "id": "p1",
                      "name": "Ada"
                    }
                  }
                }
              ]
            },
            "receive": {
              "$ref": "#/$defs/steps",
              "description": "Every action the middleware and effects dispatched, in order, as when writes actions. Runs the example through the store.",
              "examples": [
                [
                  {
                    "loadSucceeded": {
                      "id": "p1"
                    }
                  }
                ]
              ]
            },
            "middleware": {
              "$ref": "#/$defs/names",
              "description": "The spec's middleware this example runs, each made with init(), in spec order (by default all of them; [] for none): leave out one whose initializer takes arguments. Runs the example through the store.",
              "examples": [
                [
                  "ProfilesLogger"
                ]
              ]
            }
          }
        },
        "migrationPath": {
          "description": "A path: a persisted field, then fields of models, joined by '.' (notes.title).",
          "type": [
            "string",
            "boolean",
            "null"
          ],
          "pattern": "^[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*(\\.[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*)*$",
          "examples": [
            "tasks.done"
          ]
        },
        "migrationStep": {
          "description": "One migration step: rename: PATH with to: NAME, add: PATH [with value: V], remove: PATH, or retype: PATH [with fallback: V].",
          "type": "object",
          "additionalProperties": false,
          "oneOf": [
            {
              "required": [
                "rename"
              ]
            },
            {
              "required": [
                "add"
              ]
            },
            {
              "required": [
                "remove"
              ]
            },
            {
              "required": [
                "retype"
              ]
            }
          ],
          "dependentRequired": {
            "rename": [
              "to"
            ],
            "to": [
              "rename"
            ],
            "value": [
              "add"
            ],
            "fallback": [
              "retype"
            ]
          },
          "$comment": "dependencies repeats dependentRequired for editors that validate by draft 7 (yaml-language-server).",
          "dependencies": {
            "rename": [
              "to"
            ],
            "to": [
              "rename"
            ],
            "value": [
              "add"
            ],
            "fallback": [
              "retype"
            ]
          },
          "properties": {
            "rename": {
              "$ref": "#/$defs/migrationPath",
              "description": "The field at PATH is now called the name 'to' gives."
            },
            "add": {
              "$ref": "#/$defs/migrationPath",
              "description": "Older values get the field, with 'value' (default: the field's default, or null for an optional)."
            },
            "remove": {
              "$ref": "#/$defs/migrationPath",
              "description": "The field is gone."
            },
            "retype": {
              "$ref": "#/$defs/migrationPath",
              "description": "The field's value is converted to its current type (String, Int, Int64, Double, Float, Bool, UUID, URL or an enum); one that doesn't convert becomes 'fallback'."
            },
            "to": {
              "$ref": "#/$defs/name",
              "description": "A rename's new name.",
              "examples": [
                "isCompleted"
              ]
            },
            "value": {
              "description": "The value an added field gets in older data."
            },
            "fallback": {
              "description": "The value a retyped field gets when its old value doesn't convert (default: the field's default)."
            }
          },
          "examples": [
            {
              "rename": "tasks.done",
              "to": "isCompleted"
            },
            {
              "remove": "tasks.notes"
            }
          ]
        },
        "persist": {
          "description": "State fields saved between launches: generates Sources/<Feature>Persistence.swift, which restores them at launch and saves them in the background after actions that change them.",
          "type": "object",
          "required": [
            "fields"
          ],
          "additionalProperties": false,
          "properties": {
            "fields": {
              "$ref": "#/$defs/names",
              "description": "The state fields saved between launches.",
              "examples": [
                [
                  "tasks"
                ]
              ]
            },
            "key": {
              "description": "The storage key, a plain file name: letters, digits, '.', '-' and '_', not starting with '.' (default: the feature's name in lower case).",
              "type": [
                "string",
                "number",
                "boolean"
              ],
              "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]*$",
              "maxLength": 200,
              "examples": [
                "tasklist"
              ]
            },
            "storage": {
              "description": "file (the default): one JSON document per key; sqlite: ReduxSQLite's SQLitePersistence, a row per element of a list of models with an id.",
              "enum": [
                "file",
                "sqlite"
              ]
            },
            "version": {
              "description": "The format version the code writes (default: the newest migration, else 1).",
              "anyOf": [
                {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 10000
                },
                {
                  "type": "string",
                  "pattern": "^\\+?[0-9]+$"
                }
              ],
              "examples": [
                3
              ]
            },
            "migrations": {
              "description": "How data of older versions is brought up to date: each version from 2 up to version, mapped to the steps that make it from the one before.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "pattern": "^\\+?[0-9]+$"
              },
              "additionalProperties": {
                "type": "array",
                "items": {
                  "$ref": "#/$defs/migrationStep"
                }
              },
              "examples": [
                {
                  "2": [
                    {
                      "rename": "tasks.done",
                      "to": "isCompleted"
                    }
                  ]
                }
              ]
            }
          }
        },
        "feature": {
          "description": "A feature spec: one feature's state, actions, reducer and tests.",
          "type": "object",
          "required": [
            "feature",
            "state",
            "actions"
          ],
          "additionalProperties": false,
          "properties": {
            "feature": {
              "$ref": "#/$defs/typeNameValue",
              "description": "The feature's name, in UpperCamelCase: the prefix of the generated types (<Feature>State, <Feature>Action, ...).",
              "examples": [
                "Counter"
              ]
            },
            "module": {
              "$ref": "#/$defs/identifier",
              "description": "The Swift module (SwiftPM target) the generated sources are built into, when it isn't named like the feature: the generated tests import it with @testable, and a spec that uses this one imports it (default: the feature's name).",
              "examples": [
                "NotesKit"
              ]
            },
            "access": {
              "description": "The access level of the generated declarations (default internal). A feature an app or another spec uses must be public.",
              "enum": [
                "public",
                "package",
                "internal"
              ]
            },
            "conformances": {
              "$ref": "#/$defs/conformances",
              "description": "Codable or Hashable for every model the spec declares (a used spec's models ask in their own spec); Codable also makes the state and the action Codable, as recording (ActionRecorder) and replay (--replay-test) need. An app's state and action are Codable when every feature's are."
            },
            "imports": {
              "$ref": "#/$defs/names",
              "description": "Extra modules the generated sources import.",
              "examples": [
                [
                  "Foundation"
                ]
              ]
            },
            "uses": {
              "description": "Feature specs whose models and enums this one reads (paths relative to this file); each must be access: public.",
              "anyOf": [
                {
                  "$ref": "#/$defs/path"
                },
                {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/path"
                  }
                }
              ],
              "examples": [
                [
                  "products.yaml"
                ]
              ]
            },
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The doc comment of the State type."
            },
            "models": {
              "description": "Models by name (UpperCamelCase): structs with fields.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/typeName"
              },
              "additionalProperties": {
                "$ref": "#/$defs/model"
              }
            },
            "enums": {
              "description": "Enums by name (UpperCamelCase): a list of cases, or { doc, cases }.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/typeName"
              },
              "additionalProperties": {
                "$ref": "#/$defs/enumDeclaration"
              },
              "examples": [
                {
                  "Priority": [
                    "low",
                    "medium",
                    "high"
                  ]
                }
              ]
            },
            "state": {
              "$ref": "#/$defs/fields",
              "description": "The state's fields; each needs a default (explicit, or nil, [], [:], a fresh UUID for id, {} for a model whose fields all have defaults). Required; may be {}.",
              "examples": [
                {
                  "count": "Int = 0"
                }
              ]
            },
            "filters": {
              "description": "Filters by name (UpperCamelCase): named views over a list of models in the state.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/typeName"
              },
              "additionalProperties": {
                "$ref": "#/$defs/filter"
              }
            },
            "derived": {
              "description": "Values computed from the state, by name: read-only properties of the State; a name with a parameter, NAME(PARAMETER), makes a function of the State that looks the parameter up (product(id): products[id]).",
              "$ref": "#/$defs/derivedValues",
              "examples": [
                {
                  "remaining": "count items where !bought",
                  "product(id)": "products[id]"
                }
              ]
            },
            "actions": {
              "description": "The actions, by name; at least one.",
              "type": "object",
              "minProperties": 1,
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "$ref": "#/$defs/action"
              }
            },
            "start": {
              "$ref": "#/$defs/steps",
              "description": "The actions the store dispatches when it is made, in order (NgRx's init effects): 'name' or 'name: { payload }'. Generated as the <Feature>Start middleware; add it to the store's middleware.",
              "examples": [
                "loadCollection",
                [
                  "checkStorage",
                  {
                    "loadPage": {
                      "page": 1
                    }
                  }
                ]
              ]
            },
            "events": {
              "description": "One-off events middleware may emit, by name, each with its payload's fields: the <Feature>Event enum, delivered by store.events().",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "$ref": "#/$defs/fields"
              },
              "examples": [
                {
                  "welcome": {
                    "name": "String"
                  }
                }
              ]
            },
            "middleware": {
              "description": "Middleware by name (UpperCamelCase), in the order of the chain.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/typeName"
              },
              "additionalProperties": {
                "$ref": "#/$defs/middleware"
              }
            },
            "persist": {
              "$ref": "#/$defs/persist",
              "description": "State fields saved between launches, where (storage, key), in which format version, and the migrations from older versions."
            },
            "examples": {
              "description": "The spec's own tests: a state, actions, and what must hold afterwards.",
              "type": "array",
              "items": {
                "$ref": "#/$defs/example"
              }
            },
            "api": {
              "type": "string",
              "description": "The OpenAPI document (YAML or JSON, relative to the spec) whose operations the spec's requests name ('operation:' in 'async'). The target holding the generated code makes its Client from the same document with swift-openapi-generator's build plugin.",
              "examples": [
                "OpenAPI/books.yaml"
              ]
            }
          }
        },
        "app": {
          "description": "An app document: features composed into one state tree (AppState, AppAction, appReducer, appMiddleware).",
          "type": "object",
          "required": [
            "app",
            "features"
          ],
          "additionalProperties": false,
          "properties": {
            "app": {
              "$ref": "#/$defs/typeNameValue",
              "description": "The app's name, in UpperCamelCase: the prefix of the generated types.",
              "examples": [
                "App"
              ]
            },
            "module": {
              "$ref": "#/$defs/identifier",
              "description": "The Swift module (SwiftPM target) the app's generated sources are built into, when it isn't named like the app: the generated tests import it with @testable (default: the app's name).",
              "examples": [
                "AppCore"
              ]
            },
            "doc": {
              "$ref": "#/$defs/text",
              "description": "The app's doc comment."
            },
            "features": {
              "description": "The features, by the name of their field in the app's state: paths of feature specs relative to this file. Each must be access: public.",
              "type": "object",
              "minProperties": 1,
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "$ref": "#/$defs/path"
              },
              "examples": [
                {
                  "counter": "counter.yaml",
                  "taskList": "tasklist.yaml"
                }
              ]
            },
            "shared": {
              "description": "Actions of several features, by name: the features that each declare and reduce it, with the same payload.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/$defs/identifier"
              },
              "additionalProperties": {
                "type": "array",
                "minItems": 2,
                "items": {
                  "$ref": "#/$defs/name"
                }
              },
              "examples": [
                {
                  "addToCart": [
                    "products",
                    "cart"
                  ]
                }
              ]
            },
            "derived": {
              "description": "Values computed over the features' state, by name: properties of the app state, written as a feature's derived values with each feature's fields read as FEATURE.FIELD (savedProducts: products.products[cart.saved]).",
              "$ref": "#/$defs/derivedValues",
              "examples": [
                {
                  "savedProducts": "products.products[cart.saved]",
                  "cartTotal": "sum products.products.price * cart.quantities[id]"
                }
              ]
            }
          }
        },
        "cacheTag": {
          "description": "A cache tag: a name ('collection'), or a name and a payload value in parentheses, its argument ('volume(id)', 'volume(book.id)').",
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*(\\([A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*\\))?$"
        },
        "cacheTags": {
          "description": "One cache tag, or a list of them.",
          "anyOf": [
            {
              "$ref": "#/$defs/cacheTag"
            },
            {
              "type": "array",
              "items": {
                "$ref": "#/$defs/cacheTag"
              }
            }
          ]
        }
      }
    }

    """#
}
