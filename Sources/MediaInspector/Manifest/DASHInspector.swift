struct DASHInspector {
  var options: InspectOptions
  func inspect(path: String, file: BoundedFile, into report: inout MediaReport) {}
}
