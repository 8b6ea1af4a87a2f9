/// The mock broker and reference backend: REST endpoints, scripted roles, scenarios,
/// an injectable clock and the capture recorder. Filled by the broker work (issue 5);
/// the module exists now so the package layout of DESIGN.md is settled.
public enum JobWireBroker {}
