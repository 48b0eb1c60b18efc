// sdvmc: the command-line entry point. One subcommand per job
// (../shared/cli-contract.md); each lives in its own *Command.cpp.
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/RunCommand.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  using namespace sdvmc::tool;
  CommandLine cl(argc, argv);
  CLI::App app{"sdvmc: an explicit-state model checker for GPU kernels under the SDV semantics"};
  app.require_subcommand(1);

  RunOptions run;
  CLI::App* runCmd = app.add_subcommand("run", "one concrete SDV execution; prints the final state or the error");
  runCmd->add_option("file", run.file, "kernel (.kpl)")->required();
  runCmd->add_option("--threads", run.threads, "group size (overrides threads:)");
  runCmd->add_option("--group", run.group, "group id (overrides group:)");
  runCmd->add_option("--init", run.inits, "NAME=v,v,…: initial contents of an array (mem= for the default memory)");
  runCmd->add_option("--param", run.params, "NAME=V: a kernel parameter");
  runCmd->add_option("--max-steps", run.maxSteps, "stop (exit 3) after this many rule applications");
  runCmd->add_flag("--json", run.json, "one JSON object on stdout");
  runCmd->add_flag("--trace", run.trace, "print every rule application");
  runCmd->add_flag("--stats", run.stats, "print rule and thread-statement counts and speed");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    std::string needle;
    for (const std::string& a : cl.args())
      if (a.size() > 1 && a[0] == '-' && what.find(a.substr(0, a.find('='))) != std::string::npos) {
        needle = a;
        break;
      }
    cl.error(needle, what);
    return 2;
  }
  if (runCmd->parsed()) return runCommand(run, cl);
  return 2;
}
