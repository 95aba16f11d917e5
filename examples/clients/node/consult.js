// A Shield client in another language, built from nothing but proto/:
// node consult.js ADDRESS REQUEST.json
// prints the record JSON and exits 0, or prints the gRPC error and exits 1.
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

const [addr, requestFile] = process.argv.slice(2);
if (!addr || !requestFile) {
  console.error("usage: node consult.js ADDRESS REQUEST.json");
  process.exit(2);
}
const protoDir = path.join(__dirname, "..", "..", "..", "proto");
const def = protoLoader.loadSync(path.join(protoDir, "shield", "v1", "shield.proto"), {
  includeDirs: [protoDir],
  keepCase: false, // lowerCamelCase, as in the proto3 JSON examples
  enums: String,
  longs: Number,
  defaults: false,
  json: true,
  oneofs: true, // sets Value.kind, to decode the Struct record
});
const shield = grpc.loadPackageDefinition(def).shield.v1;
const client = new shield.ShieldService(addr, grpc.credentials.createInsecure());

// The examples are proto3 JSON; proto-loader objects take the same names.
const request = JSON.parse(fs.readFileSync(requestFile, "utf8"));

// Struct -> plain JSON, as the schema record is carried in a Struct.
function fromValue(v) {
  switch (v.kind) {
    case "nullValue": return null;
    case "numberValue": return v.numberValue;
    case "stringValue": return v.stringValue;
    case "boolValue": return v.boolValue;
    case "structValue": return fromStruct(v.structValue);
    case "listValue": return (v.listValue.values || []).map(fromValue);
  }
  return undefined;
}
function fromStruct(s) {
  const out = {};
  for (const [k, v] of Object.entries(s.fields || {})) out[k] = fromValue(v);
  return out;
}

client.consult(request, { deadline: Date.now() + 10000 }, (err, resp) => {
  if (err) {
    console.error(`${grpc.status[err.code]}: ${err.details}`);
    process.exit(1);
  }
  const record = fromStruct(resp.record);
  if (record.analysis.disposition.toUpperCase() !== resp.analysis.disposition.replace("DISPOSITION_", "")) {
    console.error("typed disposition and record disagree");
    process.exit(1);
  }
  console.log(JSON.stringify(record, null, 2));
  process.exit(0);
});
