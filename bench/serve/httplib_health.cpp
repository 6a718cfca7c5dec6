// The same /health answer as pawnkit serve, on cpp-httplib, for the library comparison.
#include <httplib.h>
int main(int, char** argv) {
  httplib::Server server;
  server.Get("/health", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{\"status\": \"ok\"}\n", "application/json");
  });
  server.listen("127.0.0.1", std::atoi(argv[1]));
}
