// The public test kit (touch scripts, the manual scheduler, the contract checker) is the
// GestureTesting product; the package's own tests get it with this support module.
@_exported import GestureTesting
