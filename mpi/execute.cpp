#include "mpi/execute.hpp"

#include <algorithm>

#include "model/error.hpp"

namespace collverify::mpiexec {

MPI_Datatype element_type(const Element& e) {
  if (e.kind == DatatypeKind::contiguous) return MPI_BYTE;
  MPI_Datatype vec = MPI_DATATYPE_NULL;
  MPI_Datatype resized = MPI_DATATYPE_NULL;
  MPI_Type_vector(2, 1, 2, MPI_BYTE, &vec);
  MPI_Type_create_resized(vec, 0, e.extent(), &resized);
  MPI_Type_free(&vec);
  MPI_Type_commit(&resized);
  return resized;
}

Executor::Executor(MPI_Comm comm, const Geometry& g, const Plan& plan)
    : comm_(comm), geometry_(g), plan_(plan), element_(element_type(g.element)) {
  for (const Step& step : plan.steps) {
    std::vector<Prepared> ops;
    for (const Op& op : step.ops) {
      Prepared pr;
      std::vector<int> lengths;
      std::vector<int> displs;
      for (const Item& it : op.items) {
        const ElementRange r = g.block(it.origin, it.block);
        lengths.push_back(static_cast<int>(r.count));
        displs.push_back(static_cast<int>(r.first));
        pr.expected_bytes += r.count * g.element.data_bytes();
      }
      if (op.items.empty()) {
        pr.type = MPI_BYTE;
        if (!op.send) {
          discard_.resize(static_cast<std::size_t>(std::max<std::int64_t>(g.buffer_bytes(), 1)));
          pr.count = static_cast<int>(discard_.size());
        }
      } else if (op.items.size() == 1) {
        pr.type = element_;
        pr.offset_bytes = displs[0] * g.element.extent();
        pr.count = lengths[0];
      } else {
        MPI_Type_indexed(static_cast<int>(lengths.size()), lengths.data(), displs.data(), element_,
                         &pr.type);
        MPI_Type_commit(&pr.type);
        pr.owned = true;
        pr.count = 1;
      }
      ops.push_back(pr);
    }
    prepared_.push_back(std::move(ops));
  }
}

Executor::~Executor() {
  for (auto& ops : prepared_) {
    for (auto& pr : ops) {
      if (pr.owned) MPI_Type_free(&pr.type);
    }
  }
  if (element_ != MPI_BYTE) MPI_Type_free(&element_);
}

void Executor::run(std::vector<std::uint8_t>& buf, Record* record) const {
  std::vector<MPI_Request> requests;
  std::vector<MPI_Status> statuses;
  for (std::size_t s = 0; s < plan_.steps.size(); ++s) {
    const Step& step = plan_.steps[s];
    requests.assign(step.ops.size(), MPI_REQUEST_NULL);
    statuses.assign(step.ops.size(), MPI_Status{});
    for (std::size_t i = 0; i < step.ops.size(); ++i) {
      const Op& op = step.ops[i];
      const Prepared& pr = prepared_[s][i];
      void* at = buf.data() + pr.offset_bytes;
      if (!op.send && op.items.empty()) at = discard_.data();
      if (op.send) {
        MPI_Isend(at, pr.count, pr.type, static_cast<int>(op.peer), op.tag, comm_, &requests[i]);
      } else {
        MPI_Irecv(at, pr.count, pr.type, static_cast<int>(op.peer), op.tag, comm_, &requests[i]);
      }
    }
    const int rc = MPI_Waitall(static_cast<int>(requests.size()), requests.data(), statuses.data());
    if (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) {
      CV_ASSERT(false, "MPI_Waitall failed outside its statuses");
    }
    if (record == nullptr) continue;
    for (std::size_t i = 0; i < step.ops.size(); ++i) {
      const Op& op = step.ops[i];
      if (op.send) continue;
      Arrival arrival = Arrival::ok;
      if (rc == MPI_ERR_IN_STATUS && statuses[i].MPI_ERROR != MPI_SUCCESS) {
        int cls = 0;
        MPI_Error_class(statuses[i].MPI_ERROR, &cls);
        CV_ASSERT(cls == MPI_ERR_TRUNCATE, "a receive failed with an error other than truncation");
        arrival = Arrival::truncated;
      } else {
        int got = 0;
        MPI_Get_count(&statuses[i], MPI_BYTE, &got);
        if (got < prepared_[s][i].expected_bytes) arrival = Arrival::short_message;
      }
      for (const Item& it : op.items) {
        (*record)[static_cast<std::size_t>(it.origin * geometry_.n + it.block)] =
            Received{step.round, op.peer, arrival};
      }
    }
  }
}

namespace {

std::vector<int> as_int(const std::vector<std::int64_t>& v) {
  return {v.begin(), v.end()};
}

}  // namespace

void run_native(MPI_Comm comm, Collective c, const Geometry& g, std::int64_t root,
                MPI_Datatype element, std::vector<std::uint8_t>& buf) {
  int me = 0;
  MPI_Comm_rank(comm, &me);
  const auto r = static_cast<int>(root);
  const std::vector<int> counts = as_int(g.sizes);
  const std::vector<int> displs = as_int(g.displs);
  const auto total = static_cast<int>(g.total_elements());
  // Rank me's own origin, for gather and scatter (a broadcast has one origin only).
  const auto own = [&] {
    return buf.data() + g.displs[static_cast<std::size_t>(me)] * g.element.extent();
  };
  switch (c) {
    case Collective::bcast:
      MPI_Bcast(buf.data(), total, element, r, comm);
      break;
    case Collective::allgather:
      MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf.data(), counts[0], element, comm);
      break;
    case Collective::allgatherv:
      MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf.data(), counts.data(), displs.data(),
                     element, comm);
      break;
    case Collective::gather:
      if (me == r) {
        MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf.data(), counts.data(), displs.data(),
                    element, r, comm);
      } else {
        MPI_Gatherv(own(), counts[static_cast<std::size_t>(me)], element, nullptr, nullptr, nullptr,
                    element, r, comm);
      }
      break;
    case Collective::scatter:
      if (me == r) {
        MPI_Scatterv(buf.data(), counts.data(), displs.data(), element, MPI_IN_PLACE, 0,
                     MPI_DATATYPE_NULL, r, comm);
      } else {
        MPI_Scatterv(nullptr, nullptr, nullptr, element, own(), counts[static_cast<std::size_t>(me)],
                     element, r, comm);
      }
      break;
  }
}

}  // namespace collverify::mpiexec
