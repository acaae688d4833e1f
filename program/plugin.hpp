// A program-route plugin (include/collverify/mpi/cv_program.h): a shared library exporting cv_*
// collectives built against collverify's mpi.h.
//
// Contract: load() reads the library's ELF dynamic section before dlopen and refuses (ProgramError,
// exit 2 for the caller) a library built against a real MPI: one that needs libmpi*/libmpich*,
// or whose undefined symbols include a real MPI's internals (ompi_*, MPIR_*, PMPI_*, ...) or an
// MPI_* function that collverify's mpi.h does not provide; the message names the symbol. A
// library that exports none of the cv_* functions is refused too.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "program/collective.hpp"

namespace collverify::program {

struct ProgramError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Plugin {
  std::string path;
  void* handle = nullptr;
  std::array<void*, kCollectives> fn{};  // null: not exported
  bool has(Collective c) const { return fn[static_cast<std::size_t>(c)] != nullptr; }
};

// The undefined symbols and needed libraries of an ELF shared object (the refusal's input).
struct ElfImports {
  std::vector<std::string> needed;
  std::vector<std::string> undefined;
};
ElfImports read_elf_imports(const std::string& path);
// Empty when the imports are acceptable; else the reason, naming the symbol or library.
std::string foreign_mpi_reason(const ElfImports& imports);

// The refusals, then dlopen and the cv_* symbols. Its MPI_* references must resolve: the
// simulation calls load_plugin (load.cpp, libcollverify_program.so), which first puts
// collverify's MPI entry points in the global scope; the real-MPI driver (mpi/) exports its own
// bridge and calls open_plugin directly.
Plugin open_plugin(const std::string& path);
// The simulation's loader: open_plugin after loading libcollverify_mpi_shim.so.
Plugin load_plugin(const std::string& path);

}  // namespace collverify::program
