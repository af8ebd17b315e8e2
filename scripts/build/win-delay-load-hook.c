/* Windows only: lmdb's addon imports Node-API's functions from "node.exe" (the import library made
 * from node-api-headers' .def), but the executable they live in is catalog-win32-x64.exe, or
 * whatever the user renamed it to. The imports are delay-loaded, and this hook answers the loader's
 * request for "node.exe" with the running executable itself. (node-gyp links the same kind of hook
 * into every addon it builds with MSVC; this one is for MinGW's delay-load helper, which calls the
 * same hook variable.) */
#include <windows.h>
#include <delayimp.h>
#include <string.h>

static FARPROC WINAPI catalog_host_hook(unsigned int event, PDelayLoadInfo info) {
  if (event == dliNotePreLoadLibrary && _stricmp(info->szDll, "node.exe") == 0)
    return (FARPROC)GetModuleHandleA(NULL);
  return NULL;
}

PfnDliHook __pfnDliNotifyHook2 = catalog_host_hook;
