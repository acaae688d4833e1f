// Loading a program-route plugin, and the refusal of one built against a real MPI (plugin.hpp).
#include "program/plugin.hpp"

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sys/stat.h>

#include <fmt/format.h>

namespace collverify::program {
namespace {

// The MPI functions mpi.h declares and the runtime implements.
constexpr const char* kProvided[] = {
    "MPI_Comm_rank", "MPI_Comm_size",     "MPI_Send",        "MPI_Ssend",
    "MPI_Recv",      "MPI_Isend",         "MPI_Issend",      "MPI_Irecv",
    "MPI_Wait",      "MPI_Waitall",       "MPI_Test",        "MPI_Sendrecv",
    "MPI_Sendrecv_replace", "MPI_Get_count", "MPI_Type_size", "MPI_Type_get_extent",
    "MPI_Op_create", "MPI_Op_free",       "MPI_Op_commutative", "MPI_Reduce_local",
    "MPI_Abort"};

template <typename T>
T read_at(const std::string& bytes, std::size_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) {
    throw ProgramError("truncated ELF file");
  }
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof(T));
  return v;
}

std::string c_string(const std::string& bytes, std::size_t offset) {
  if (offset >= bytes.size()) throw ProgramError("an ELF string offset past the end of the file");
  const std::size_t end = bytes.find('\0', offset);
  if (end == std::string::npos) throw ProgramError("an unterminated ELF string");
  return bytes.substr(offset, end - offset);
}

}  // namespace

ElfImports read_elf_imports(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    throw ProgramError(fmt::format("--plugin '{}' is not a regular file", path));
  }
  if (st.st_size > (std::int64_t{1} << 30)) {
    throw ProgramError(fmt::format("--plugin '{}' is over 1 GiB", path));
  }
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto eh = read_at<Elf64_Ehdr>(bytes, 0);
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64) {
    throw ProgramError(fmt::format("--plugin '{}' is not a 64-bit ELF shared library", path));
  }
  ElfImports out;
  for (std::size_t i = 0; i < eh.e_shnum; ++i) {
    const auto sh = read_at<Elf64_Shdr>(bytes, eh.e_shoff + i * sizeof(Elf64_Shdr));
    if (sh.sh_type != SHT_DYNSYM && sh.sh_type != SHT_DYNAMIC) continue;
    const auto link = read_at<Elf64_Shdr>(bytes, eh.e_shoff + sh.sh_link * sizeof(Elf64_Shdr));
    if (sh.sh_type == SHT_DYNSYM) {
      for (std::size_t k = 1; k < sh.sh_size / sizeof(Elf64_Sym); ++k) {
        const auto sym = read_at<Elf64_Sym>(bytes, sh.sh_offset + k * sizeof(Elf64_Sym));
        if (sym.st_shndx == SHN_UNDEF && sym.st_name != 0) {
          out.undefined.push_back(c_string(bytes, link.sh_offset + sym.st_name));
        }
      }
    } else {
      for (std::size_t k = 0; k < sh.sh_size / sizeof(Elf64_Dyn); ++k) {
        const auto dyn = read_at<Elf64_Dyn>(bytes, sh.sh_offset + k * sizeof(Elf64_Dyn));
        if (dyn.d_tag == DT_NULL) break;
        if (dyn.d_tag == DT_NEEDED) {
          out.needed.push_back(c_string(bytes, link.sh_offset + dyn.d_un.d_val));
        }
      }
    }
  }
  return out;
}

std::string foreign_mpi_reason(const ElfImports& imports) {
  for (const std::string& lib : imports.needed) {
    if (lib.rfind("libmpi", 0) == 0 || lib.rfind("libmpich", 0) == 0 ||
        lib.rfind("libopen-rte", 0) == 0 || lib.rfind("libopen-pal", 0) == 0) {
      return fmt::format("it needs {}, a real MPI library: build it against collverify's mpi.h "
                         "(-I include/collverify/mpi) and link no MPI",
                         lib);
    }
  }
  for (const std::string& s : imports.undefined) {
    const bool internal = s.rfind("ompi_", 0) == 0 || s.rfind("MPIR_", 0) == 0 ||
                          s.rfind("MPIDI_", 0) == 0 || s.rfind("PMPI_", 0) == 0 ||
                          s.rfind("opal_", 0) == 0;
    const bool unknown_mpi = s.rfind("MPI_", 0) == 0 &&
                             std::none_of(std::begin(kProvided), std::end(kProvided),
                                          [&](const char* f) { return s == f; });
    if (internal) {
      return fmt::format("it references {}, a symbol of a real MPI's header: build it against "
                         "collverify's mpi.h (-I include/collverify/mpi)",
                         s);
    }
    if (unknown_mpi) {
      return fmt::format("it calls {}, which collverify's mpi.h does not provide (see "
                         "docs/DESIGN.md \"The program route\" for the subset)",
                         s);
    }
  }
  return {};
}

Plugin open_plugin(const std::string& path) {
  const std::string reason = foreign_mpi_reason(read_elf_imports(path));
  if (!reason.empty()) throw ProgramError(fmt::format("--plugin '{}' is refused: {}", path, reason));
  Plugin plugin;
  plugin.path = path;
  plugin.handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (plugin.handle == nullptr) {
    throw ProgramError(fmt::format("--plugin '{}' cannot be loaded: {}", path, ::dlerror()));
  }
  bool any = false;
  for (int c = 0; c < kCollectives; ++c) {
    void* f = ::dlsym(plugin.handle, symbol_of(static_cast<Collective>(c)).c_str());
    plugin.fn[static_cast<std::size_t>(c)] = f;
    any = any || f != nullptr;
  }
  if (!any) {
    throw ProgramError(fmt::format("--plugin '{}' exports none of cv_bcast, cv_reduce, "
                                   "cv_allreduce, cv_gather, cv_scatter, cv_allgather, "
                                   "cv_alltoall, cv_reduce_scatter_block",
                                   path));
  }
  return plugin;
}

}  // namespace collverify::program
