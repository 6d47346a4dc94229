// grid_platform_build: a generated grid platform built through SimGrid's API, call for call as its XML is loaded.
//
// SimGrid 3.32 loads models/grid/grid.c's XML with src/surf/sg_platf.cpp and src/surf/xml/surfxml_*.cpp; this file
// makes the same calls in the same order (read there), so netpoint ids, link order, profiles and hence every
// simulated number are the same (tests/unit/test_sim_grid_platform.c compares the two platforms). Two things
// differ, neither seen by the simulation:
// - a cluster zone is filled while it is detached from the root. SimGrid checks that a new host or link name is
//   unused, and a <host_link> finds its host and links by name, by searching every zone attached to the root in
//   turn (a map lookup each): O(hosts x clusters) at start-up. Detached, the search visits the root only. The
//   zones are then attached in their order (a zone's netpoint id is its rank in the root, as in the XML);
// - each cluster zone is sealed right after it is attached, instead of all at simgrid_run: sealing a zone walks
//   every host of the zones attached so far (NetZoneImpl::get_all_hosts), so sealing in turn walks half as many.
//   A cluster zone's seal only adds its empty default routes (StarZone::do_seal) and fires NetZone::on_seal
//   (now before the root's; its listeners in SimGrid, platform tracing and the ns-3 model, fail on this grid
//   either way: "container ... not found", "unknown to ns-3").
extern "C" { // the project's C headers have no C++ guards of their own
#include "gn_error.h"
#include "grid.h"
#include "sgwrap.h"
}
#include "grid_platform_build.h"

#include <simgrid/kernel/ProfileBuilder.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

namespace s4u = simgrid::s4u;
using simgrid::kernel::profile::Profile;
using simgrid::kernel::profile::ProfileBuilder;
using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::NetZoneImpl;
using Props = std::unordered_map<std::string, std::string>;

namespace {

// A machine of a cluster zone: its host, netpoint and port, for the zone's routes once the zone is filled.
struct Machine {
  s4u::Host *host;
  NetPoint *netpoint;
  s4u::SplitDuplexLink *port;
};

// A <prop> value as grid_platform_xml writes it.
std::string prop_value(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

// What sg_platf_new_link does to every new link (a <link> or a <backbone>), then its seal.
void as_loaded(s4u::Link *link, double lat_s) {
  link->set_properties(Props{})
      ->set_state_profile(nullptr)
      ->set_latency_profile(nullptr)
      ->set_bandwidth_profile(nullptr)
      ->set_latency(lat_s);
  link->seal();
}

// <link sharing_policy="SPLITDUPLEX"> (sg_platf_new_link).
s4u::SplitDuplexLink *split_duplex_link(NetZoneImpl *zone, const std::string &name, double bw_bps, double lat_s) {
  s4u::SplitDuplexLink *link = zone->create_split_duplex_link(name, {bw_bps});
  as_loaded(link, lat_s);
  return link;
}

// <host> with its <prop>s (sg_platf_new_host_begin, _set_properties, _seal), then its port <link>.
Machine machine(NetZoneImpl *zone, const std::string &name, double flops, const Props &props, const grid *g) {
  s4u::Host *host = zone->create_host(name, {flops})
                        ->set_coordinates("")
                        ->set_core_count(1)
                        ->set_state_profile(nullptr)
                        ->set_speed_profile(nullptr);
  host->set_properties(props);
  host->seal();
  return {host, host->get_netpoint(), split_duplex_link(zone, name + "_port", g->port_bw_bps, g->port_lat_s)};
}

Props role(const char *value) {
  Props props;
  props.try_emplace("gridnoc.role", value);
  return props;
}

// <zone id="cC" routing="Cluster">, filled while detached from the root (see the top of the file): the models
// are the ones set_parent would copy from the root. Returns the zone; *sw is its switch; slots[i] gets the host of
// each of its machines' simulator slots (grid_slot_host_name).
NetZoneImpl *cluster_zone(NetZoneImpl *root, const grid *g, int c, NetPoint **sw, std::vector<s4u::Host *> &slots) {
  NetZoneImpl *zone = s4u::create_star_zone("c" + std::to_string(c))->get_impl();
  zone->set_network_model(root->get_network_model());
  zone->set_cpu_pm_model(root->get_cpu_pm_model());
  zone->set_cpu_vm_model(root->get_cpu_vm_model());
  zone->set_disk_model(root->get_disk_model());
  zone->set_host_model(root->get_host_model());
  *sw = zone->create_router("c" + std::to_string(c) + "_switch")->set_coordinates("");
  const grid_cluster *cl = &g->clusters[c];
  std::vector<Machine> machines;
  machines.reserve((size_t)cl->n_nodes + 3);
  size_t N = (size_t)g->n_nodes, K = (size_t)g->n_clusters;
  if (c == 0) {
    machines.push_back(machine(zone, GRID_MASTER_HOST, g->master_flops, role("grid_master"), g));
    slots[N + K] = machines.back().host;
    machines.push_back(machine(zone, GRID_INJECTOR_HOST, g->master_flops, role("injector"), g));
    slots[N + K + 1] = machines.back().host;
  }
  char name[64];
  grid_cluster_master_name(c, name, sizeof name);
  machines.push_back(machine(zone, name, g->master_flops, role("cluster_master"), g));
  slots[N + (size_t)c] = machines.back().host;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    const grid_node_class *k = &g->classes[g->nodes[i].klass];
    Props props;
    props.try_emplace("mem", prop_value(k->mem_mb));
    props.try_emplace("io", prop_value(k->io_mbps));
    grid_node_name(i, name, sizeof name);
    machines.push_back(machine(zone, name, grid_node_flops(g, i), props, g));
    slots[(size_t)i] = machines.back().host;
  }
  // </zone>: the <backbone> (a SHARED link) and the host_links' routes (sg_platf_zone_cluster_populate).
  s4u::Link *backbone = zone->create_link("c" + std::to_string(c) + "_backplane", {g->backplane_bw_bps});
  backbone->set_sharing_policy(s4u::Link::SharingPolicy::SHARED);
  as_loaded(backbone, g->backplane_lat_s);
  s4u::LinkInRoute bb{backbone};
  for (const Machine &m : machines) {
    zone->add_route(m.netpoint, nullptr, nullptr, nullptr, {s4u::LinkInRoute{m.port->get_link_up()}, bb}, false);
    zone->add_route(nullptr, m.netpoint, nullptr, nullptr, {bb, s4u::LinkInRoute{m.port->get_link_down()}}, false);
  }
  zone->set_properties(Props{});
  return zone;
}

// The <trace>s and <trace_connect>s: profiles made where the XML has them (in the root, after the routes), connected
// after the platform is created, in the order SimGrid's parser does it (its host-speed list is an unordered_map
// of trace name -> host name, iterated; the same keys inserted in the same order iterate the same way).
struct SpeedProfiles {
  std::unordered_map<std::string, s4u::Host *> connect;
  std::unordered_map<std::string, Profile *> profile;
};

void make_profiles(const grid *g, char *const *node_speed_profile, const std::vector<s4u::Host *> &slots,
                   SpeedProfiles *sp) {
  char name[64];
  for (int i = 0; node_speed_profile && i < g->n_nodes; i++) {
    if (!node_speed_profile[i])
      continue;
    grid_node_name(i, name, sizeof name);
    std::string trace = std::string("load_") + name;
    // The XML element's text: the line break after <trace ...> and the indent before </trace> included.
    sp->profile.try_emplace(trace, ProfileBuilder::from_string(trace, "\n" + std::string(node_speed_profile[i]) + "  ", -1));
    sp->connect.try_emplace(trace, slots[(size_t)i]);
  }
}

void build(const grid *g, char *const *node_speed_profile, std::vector<s4u::Host *> &slots) {
  // <zone id="grid" routing="Floyd">: the first zone is the root (its creation sets SimGrid's models up).
  NetZoneImpl *root = s4u::create_floyd_zone("grid")->get_impl();
  root->set_parent(nullptr);
  std::vector<NetZoneImpl *> zones((size_t)g->n_clusters);
  std::vector<NetPoint *> switches((size_t)g->n_clusters);
  for (int c = 0; c < g->n_clusters; c++)
    zones[(size_t)c] = cluster_zone(root, g, c, &switches[(size_t)c], slots);
  for (NetZoneImpl *zone : zones) {
    zone->set_parent(root);
    zone->seal();
  }
  // Switch-to-switch links and their zoneRoutes, as grid_platform_xml writes them (cascade or star).
  std::vector<s4u::SplitDuplexLink *> uplinks((size_t)g->n_clusters);
  for (int c = 1; c < g->n_clusters; c++) {
    int from = g->shape == GRID_CASCADE ? c - 1 : 0;
    uplinks[(size_t)c] = split_duplex_link(root, "uplink_" + std::to_string(from) + "_" + std::to_string(c),
                                           g->uplink_bw_bps, g->uplink_lat_s);
  }
  for (int c = 1; c < g->n_clusters; c++) {
    int from = g->shape == GRID_CASCADE ? c - 1 : 0;
    root->add_route(zones[(size_t)from]->get_netpoint(), zones[(size_t)c]->get_netpoint(), switches[(size_t)from],
                    switches[(size_t)c], {s4u::LinkInRoute{uplinks[(size_t)c], s4u::LinkInRoute::Direction::UP}},
                    true);
  }
  SpeedProfiles sp;
  make_profiles(g, node_speed_profile, slots, &sp);
  root->set_properties(Props{});
  s4u::Engine::on_platform_created(); // </platform>
  for (auto const &[trace, host] : sp.connect)
    host->set_speed_profile(sp.profile.at(trace));
}

} // namespace

extern "C" int grid_platform_build(const grid *g, char *const *node_speed_profile, sg_host_t *slot_hosts,
                                   gn_error *err) {
  try {
    std::vector<s4u::Host *> slots((size_t)g->n_nodes + (size_t)g->n_clusters + 2);
    build(g, node_speed_profile, slots);
    if (slot_hosts)
      std::copy(slots.begin(), slots.end(), slot_hosts);
  } catch (const std::exception &e) {
    return gn_sim_exception(e.what(), err); // a --cfg setting SimGrid cannot build this platform with
  }
  return GN_OK;
}
