#include "completion_command.hpp"

#include <iostream>
#include <sstream>

#include "pagemd/core/exit_codes.hpp"

namespace pagemd::cli {
namespace {

enum class ValueKind { none, file, directory, words };

struct Value {
  ValueKind kind = ValueKind::none;
  std::vector<std::string> words;  // ValueKind::words
};

struct OptionSpec {
  std::vector<std::string> names;  // "--json", "-o"
  bool takes_value = false;
  Value value;
  std::string description;
};

struct Node {
  std::string path;  // "" for the program, "keys create" for a nested command
  std::string name;
  std::string description;
  std::vector<OptionSpec> options;
  Value positional;  // what the command's positional arguments complete to
  std::vector<Node> children;
};

// A type name such as "FILE", "TEXT:FILE", "DIR" or "TEXT:{bash,zsh,fish}" (CLI11 appends validator
// descriptions to the type).
Value value_of(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  Value value;
  if (const std::size_t open = type.find('{'); open != std::string::npos) {
    std::string item;
    std::istringstream list(type.substr(open + 1, type.find('}', open) - open - 1));
    while (std::getline(list, item, ',')) value.words.push_back(item);
    value.kind = ValueKind::words;
  } else {
    std::string part;
    std::istringstream parts(type);
    while (std::getline(parts, part, ':')) {
      if (part == "FILE") value.kind = ValueKind::file;
      if (part == "DIR") value.kind = ValueKind::directory;
    }
  }
  return value;
}

Node describe(const CLI::App& app, const std::string& path) {
  Node node{path, app.get_name(), app.get_description(), {}, {}, {}};
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional()) {
      node.positional = value_of(*option);
      continue;
    }
    OptionSpec spec;
    for (const std::string& name : option->get_lnames()) spec.names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) spec.names.push_back("-" + name);
    spec.takes_value = option->get_items_expected_max() > 0;
    spec.value = value_of(*option);
    spec.description = option->get_description();
    node.options.push_back(std::move(spec));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    node.children.push_back(describe(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name()));
  }
  return node;
}

template <typename Visit>
void each_node(const Node& node, const Visit& visit) {
  visit(node);
  for (const Node& child : node.children) each_node(child, visit);
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : " ") + word;
  return out;
}

std::string all_names(const Node& node, bool valued_only) {
  std::vector<std::string> names;
  for (const OptionSpec& option : node.options) {
    if (valued_only && !option.takes_value) continue;
    names.insert(names.end(), option.names.begin(), option.names.end());
  }
  return joined(names);
}

std::string child_names(const Node& node) {
  std::vector<std::string> names;
  for (const Node& child : node.children) names.push_back(child.name);
  return joined(names);
}

// `'text'` for sh-like shells, with embedded quotes closed and reopened.
std::string single_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The case patterns ("parent/child") that move the command path one level down.
std::string descent_patterns(const Node& root) {
  std::vector<std::string> patterns;
  each_node(root, [&](const Node& node) {
    for (const Node& child : node.children) patterns.push_back("\"" + node.path + "/" + child.name + "\"");
  });
  std::string out;
  for (const std::string& pattern : patterns) out += (out.empty() ? "" : "|") + pattern;
  return out;
}

// Which options of a node take what values, as "--opt=file" items, for the shell functions below.
std::string value_table(const Node& node, const char* file_word, const char* dir_word) {
  std::string out;
  for (const OptionSpec& option : node.options) {
    if (!option.takes_value) continue;
    for (const std::string& name : option.names) {
      out += "      " + name + ") ";
      switch (option.value.kind) {
        case ValueKind::file: out += file_word; break;
        case ValueKind::directory: out += dir_word; break;
        case ValueKind::words: out += "__words " + single_quoted(joined(option.value.words)); break;
        case ValueKind::none: out += "return 0"; break;
      }
      out += " ;;\n";
    }
  }
  return out;
}

// The `case "$prev" in` block that completes an option's value; nothing when no option takes one.
std::string prev_case(const std::string& arms) {
  if (arms.empty()) return {};
  return "      case \"$prev\" in\n" + arms + "      esac\n";
}

std::string positional_action(const Value& value, const char* file_word, const char* dir_word) {
  switch (value.kind) {
    case ValueKind::file: return file_word;
    case ValueKind::directory: return dir_word;
    case ValueKind::words: return "__words " + single_quoted(joined(value.words));
    case ValueKind::none: return ":";
  }
  return ":";
}

std::string render_bash(const Node& root) {
  std::ostringstream out;
  out << "# bash completion for pagemd. Generated by `pagemd completion bash`: do not edit.\n"
      << "_pagemd() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} path= i\n"
      << "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      << "    case \"$path/${COMP_WORDS[i]}\" in\n"
      << "      " << descent_patterns(root) << ") path=${path:+$path }${COMP_WORDS[i]} ;;\n"
      << "    esac\n"
      << "  done\n"
      << "  __files() { COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null; }\n"
      << "  __dirs() { COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null; }\n"
      << "  __words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }\n"
      << "  local options= commands= positional=:\n"
      << "  case \"$path\" in\n";
  each_node(root, [&](const Node& node) {
    out << "    " << single_quoted(node.path) << ")\n"
        << prev_case(value_table(node, "__files; return 0", "__dirs; return 0"))
        << "      options=" << single_quoted(all_names(node, false)) << " commands=" << single_quoted(child_names(node))
        << " positional=" << single_quoted(positional_action(node.positional, "__files", "__dirs")) << " ;;\n";
  });
  out << "  esac\n"
      << "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$options\" -- \"$cur\")); return 0; fi\n"
      << "  if [[ -n $commands ]]; then COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\")); return 0; fi\n"
      << "  eval \"$positional\"\n"
      << "}\n"
      << "complete -F _pagemd pagemd\n";
  return out.str();
}

std::string zsh_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == ':' ? std::string("\\:") : std::string(1, c);
  return out;
}

std::string render_zsh(const Node& root) {
  std::ostringstream out;
  out << "#compdef pagemd\n"
      << "# zsh completion for pagemd. Generated by `pagemd completion zsh`: do not edit.\n"
      << "_pagemd() {\n"
      << "  local path_= i\n"
      << "  for ((i = 2; i < CURRENT; i++)); do\n"
      << "    case \"$path_/${words[i]}\" in\n"
      << "      " << descent_patterns(root) << ") path_=${path_:+$path_ }${words[i]} ;;\n"
      << "    esac\n"
      << "  done\n"
      << "  local prev=${words[CURRENT-1]} cur=${words[CURRENT]}\n"
      << "  __words() { compadd -- ${=1}; }\n"
      << "  local -a options commands\n"
      << "  local positional=:\n"
      << "  case \"$path_\" in\n";
  each_node(root, [&](const Node& node) {
    out << "    " << single_quoted(node.path) << ")\n"
        << prev_case(value_table(node, "_files; return", "_files -/; return")) << "      options=(";
    for (const OptionSpec& option : node.options) {
      for (const std::string& name : option.names) {
        out << ' ' << single_quoted(zsh_escaped(name) + ":" + option.description);
      }
    }
    out << " )\n      commands=(";
    for (const Node& child : node.children)
      out << ' ' << single_quoted(zsh_escaped(child.name) + ":" + child.description);
    out << " )\n      positional=" << single_quoted(positional_action(node.positional, "_files", "_files -/"))
        << " ;;\n";
  });
  out << "  esac\n"
      << "  if [[ $cur == -* ]]; then _describe -t options option options; return; fi\n"
      << "  if (( ${#commands} )); then _describe -t commands command commands; return; fi\n"
      << "  eval $positional\n"
      << "}\n"
      << "_pagemd \"$@\"\n";
  return out.str();
}

std::string fish_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string render_fish(const Node& root) {
  std::ostringstream out;
  out << "# fish completion for pagemd. Generated by `pagemd completion fish`: do not edit.\n"
      << "function __pagemd_path\n"
      << "    set -l path ''\n"
      << "    for word in (commandline -opc)[2..-1]\n"
      << "        switch \"$path/$word\"\n"
      << "            case";
  each_node(root, [&](const Node& node) {
    for (const Node& child : node.children) out << ' ' << fish_quoted(node.path + "/" + child.name);
  });
  out << "\n"
      << "                set path (string trim -- \"$path $word\")\n"
      << "        end\n"
      << "    end\n"
      << "    echo $path\n"
      << "end\n"
      << "complete -c pagemd -f\n";
  each_node(root, [&](const Node& node) {
    const std::string condition = "-n " + fish_quoted("test (__pagemd_path) = " + fish_quoted(node.path));
    for (const Node& child : node.children) {
      out << "complete -c pagemd " << condition << " -a " << fish_quoted(child.name) << " -d "
          << fish_quoted(child.description) << '\n';
    }
    for (const OptionSpec& option : node.options) {
      out << "complete -c pagemd " << condition;
      for (const std::string& name : option.names)
        out << (name.starts_with("--") ? " -l " : " -s ") << name.substr(name.starts_with("--") ? 2 : 1);
      if (option.takes_value) out << " -r";
      if (option.value.kind == ValueKind::file || option.value.kind == ValueKind::directory) out << " -F";
      if (option.value.kind == ValueKind::words) out << " -a " << fish_quoted(joined(option.value.words));
      out << " -d " << fish_quoted(option.description) << '\n';
    }
    if (node.positional.kind == ValueKind::file || node.positional.kind == ValueKind::directory) {
      out << "complete -c pagemd " << condition << " -F\n";
    } else if (node.positional.kind == ValueKind::words) {
      out << "complete -c pagemd " << condition << " -a " << fish_quoted(joined(node.positional.words)) << '\n';
    }
  });
  return out.str();
}

}  // namespace

CLI::App& setup_completion(CLI::App& app, CompletionOptions& options) {
  CLI::App* completion = app.add_subcommand("completion", "Print the shell completion script for bash, zsh or fish");
  completion->add_option("shell", options.shell, "The shell")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  return *completion;
}

int run_completion(const CompletionOptions& options, const CLI::App& root) {
  const Node tree = describe(root, "");
  if (options.shell == "bash") {
    std::cout << render_bash(tree);
  } else if (options.shell == "zsh") {
    std::cout << render_zsh(tree);
  } else {
    std::cout << render_fish(tree);
  }
  std::cout.flush();
  return std::cout ? core::kExitOk : core::kExitOther;
}

}  // namespace pagemd::cli
